type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The labels of a row's controls, translated once per language: a row formats its id into them
 * (a translate call per control and row cost more than the row's cells while scrolling).
 */
export interface RowLabels {
  selectRow: (id: string) => string;
  drag: (id: string) => string;
  assign: (id: string) => string;
  unassign: (id: string) => string;
  edit: (id: string) => string;
  delete: (id: string) => string;
  actions: (id: string) => string;
}

const idMarker = '\u0000id\u0000';
/** A translation with an `%{id}` as a template: the text around the id is looked up once. */
export function idTemplate(translate: Translate, key: string): (id: string) => string {
  const parts = translate(key, { id: idMarker }).split(idMarker);
  if (parts.length < 2) return (id) => translate(key, { id });
  return (id) => parts.join(id);
}

export const rowLabels = (translate: Translate): RowLabels => ({
  selectRow: idTemplate(translate, 'grid.selectRow'),
  drag: idTemplate(translate, 'grid.drag'),
  assign: idTemplate(translate, 'grid.assign'),
  unassign: idTemplate(translate, 'grid.unassign'),
  edit: idTemplate(translate, 'grid.edit'),
  delete: idTemplate(translate, 'grid.delete'),
  actions: idTemplate(translate, 'grid.actions'),
});
