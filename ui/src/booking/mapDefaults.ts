/** The open tile service used when the server names none (spec §7: a z/x/y path). */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
