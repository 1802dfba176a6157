import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { ChainGeocoder } from './chain.js';
import { GazetteerGeocoder } from './gazetteer.js';
import { NominatimGeocoder } from './nominatim.js';
import { PhotonGeocoder } from './photon.js';
import type { Geocoder } from './types.js';

/** The geocoder a configuration asks for: a service at GEOCODER_URL before the gazetteer. */
export function geocoderFromConfig(config: Config, logger: Logger): Geocoder {
  const gazetteer = new GazetteerGeocoder();
  if (config.GEOCODER === 'gazetteer' || !config.GEOCODER_URL) return gazetteer;
  const options = {
    baseUrl: config.GEOCODER_URL,
    userAgent: config.GEOCODER_USER_AGENT,
    // Spec §8: a failed lookup shows no message; it is logged here.
    onError: (err: unknown) => logger.warn({ err }, `${config.GEOCODER} lookup failed`),
  };
  const remote =
    config.GEOCODER === 'nominatim' ? new NominatimGeocoder(options) : new PhotonGeocoder(options);
  return new ChainGeocoder([remote, gazetteer]);
}
