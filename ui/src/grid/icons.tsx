/**
 * The few Material icons the grid draws in every row (paths of @mui/icons-material, Apache-2.0).
 * A row draws them with CSS: an element with the class `ng-svg-{name}` shows the icon as its
 * background image, so an icon adds no element of its own (an inline SVG with its path cost more
 * to create, style, lay out and paint than a text cell, and MUI's SvgIcon styles every instance
 * through emotion).
 */
const paths = {
  add: 'M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z',
  delete: 'M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zM8 9h8v10H8zm7.5-5-1-1h-5l-1 1H5v2h14V4z',
  drag: 'M11 18c0 1.1-.9 2-2 2s-2-.9-2-2 .9-2 2-2 2 .9 2 2m-2-8c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0-6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m6 4c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2',
  edit: 'm14.06 9.02.92.92L5.92 19H5v-.92zM17.66 3c-.25 0-.51.1-.7.29l-1.83 1.83 3.75 3.75 1.83-1.83c.39-.39.39-1.02 0-1.41l-2.34-2.34c-.2-.2-.45-.29-.71-.29m-3.6 3.19L3 17.25V21h3.75L17.81 9.94z',
  more: 'M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2',
  unassign:
    'M7 11v2h10v-2zm5-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8',
  priority: 'M10 3h4v12h-4zM12 17a2 2 0 1 0 0 4 2 2 0 1 0 0-4z',
  chevronRight: 'M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z',
  expandMore: 'M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z',
} as const;

export type GridIconName = keyof typeof paths;

/** An icon as a CSS image in one colour (an SVG data URL). */
export const iconImage = (name: GridIconName, color: string) =>
  `url("data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="${color}"><path d="${paths[name]}"/></svg>`,
  )}")`;

interface Rules {
  [property: string]: string | Rules;
}

/**
 * The grid's icon rules (part of its one style block): an element with `ng-svg-{name}` shows the
 * icon as its background image, in the given colour and in a darker one on hover or focus. A
 * background image is drawn like any background; an inline SVG is an element tree of its own, and
 * a CSS mask (the text colour through the icon) makes every icon an effect of its own to paint
 * and composite.
 */
export function iconCss(colors: {
  normal: string;
  hover: string;
  priority: string;
}): Record<string, Rules> {
  const rules: Record<string, Rules> = {
    '& [class*="ng-svg-"]': {
      backgroundPosition: 'center',
      backgroundRepeat: 'no-repeat',
      backgroundSize: 'var(--ng-icon, 18px)',
    },
    // A high priority cell's icon is its text's ::before: the cell has the same element for
    // either priority (a reused row element changes an attribute, not its children).
    '& [data-priority="high"]::before': {
      content: '""',
      display: 'inline-block',
      flex: 'none',
      width: '15px',
      height: '15px',
      backgroundImage: iconImage('priority', colors.priority),
      backgroundPosition: 'center',
      backgroundRepeat: 'no-repeat',
      backgroundSize: '15px',
    },
  };
  for (const name of Object.keys(paths) as GridIconName[]) {
    if (name === 'priority') continue;
    rules[`& .ng-svg-${name}`] = {
      backgroundImage: iconImage(name, colors.normal),
      '&:hover, &:focus-visible': { backgroundImage: iconImage(name, colors.hover) },
    };
  }
  return rules;
}
