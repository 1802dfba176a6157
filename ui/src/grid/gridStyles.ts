/** The grid's one style block (rows and cells are plain elements with these classes) and its widths. */
import { alpha, darken, type Theme } from '@mui/material/styles';
import { gridConstants } from './constants';
import { iconCss } from './icons';

const { rowHeight, columnWidth, columnMaxWidth } = gridConstants;
/** The width of the checkbox and action columns. */
export const controlWidth = 36;
/** A data column's width: its own, else the default, at most the maximum (spec §9). */
export const widthOf = (c: { width?: number }) => Math.min(c.width ?? columnWidth, columnMaxWidth);

/** The grid's CSS in one place: rows and cells are plain elements with classes (fast to render). */
export const gridSx = (theme: Theme) => {
  const tone = (color: string) => ({
    backgroundColor: alpha(color, 0.14),
    color: darken(color, 0.45),
    borderColor: alpha(color, 0.5),
  });
  return {
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: 1,
    bgcolor: 'background.paper',
    fontSize: 13,
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.dark}`, outlineOffset: 1 },
    '& .ng-head': {
      overflow: 'hidden',
      borderBottom: `1px solid ${theme.palette.divider}`,
      bgcolor: theme.palette.grey[100],
    },
    // Containment: a row's layout never reaches beyond it, so a scroll step lays out only the
    // rows that change. Rows are not paint-contained: that gave every row a clip of its own to
    // paint and layerize (measured with `bench:grid --trace`), and a row never draws outside
    // itself anyway.
    // The scrolling area scrolls on the compositor (`will-change: scroll-position`): a scroll step
    // moves what is painted already and paints only the rows that come in, instead of painting
    // every visible row again (which the browser does for a scroller it keeps in the page's
    // layer).
    '& .ng-scroll': {
      overflow: 'auto',
      position: 'relative',
      contain: 'strict',
      willChange: 'scroll-position',
    },
    // The scrolled rows' own background makes the scrolled layer opaque: the compositor then
    // draws it alone instead of blending it over the layers beneath on every frame. With a
    // transparent body the renderer's compositor thread and the display compositor took 2-3 times
    // the CPU of the plain-DOM floor while scrolling and competed with the main thread for the
    // two cores (`bench:grid`, per-thread CPU from /proc).
    '& .ng-body': { backgroundColor: theme.palette.background.paper, minWidth: '100%' },
    '& .ng-row': {
      display: 'flex',
      alignItems: 'center',
      height: rowHeight,
      boxSizing: 'border-box',
      borderBottom: `1px solid ${theme.palette.divider}`,
      position: 'absolute',
      left: 0,
      top: 0,
      cursor: 'default',
      contain: 'size layout style',
    },
    '& .ng-row.ng-high': {
      backgroundColor: alpha(theme.palette.error.main, 0.07),
      boxShadow: `inset 3px 0 0 ${theme.palette.error.main}`,
    },
    '& .ng-row.ng-selected': { backgroundColor: alpha(theme.palette.primary.main, 0.22) },
    '& .ng-row.ng-active': {
      outline: `2px solid ${theme.palette.primary.dark}`,
      outlineOffset: -2,
    },
    '& .ng-row.ng-group': { backgroundColor: theme.palette.grey[50], fontWeight: 600 },
    '& .ng-cell': {
      flex: 'none',
      padding: '0 6px',
      boxSizing: 'border-box',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    },
    '& .ng-right': { textAlign: 'right' },
    '& .ng-control': { width: controlWidth, padding: 0, display: 'flex', justifyContent: 'center' },
    // Row checkboxes are light elements with role=checkbox (a native input costs more to mount
    // and unmount than the rest of a row while scrolling).
    '& .ng-check': {
      width: 16,
      height: 16,
      boxSizing: 'border-box',
      border: `2px solid ${theme.palette.text.secondary}`,
      borderRadius: '3px',
      cursor: 'pointer',
      display: 'inline-block',
      position: 'relative',
      '&[aria-checked="true"], &[aria-checked="mixed"]': {
        backgroundColor: theme.palette.primary.dark,
        borderColor: theme.palette.primary.dark,
      },
      '&[aria-checked="true"]::after': {
        content: '""',
        position: 'absolute',
        left: 3,
        top: 0,
        width: 5,
        height: 9,
        border: `solid ${theme.palette.common.white}`,
        borderWidth: '0 2px 2px 0',
        transform: 'rotate(45deg)',
      },
      '&[aria-checked="mixed"]::after': {
        content: '""',
        position: 'absolute',
        left: 2,
        top: 5,
        width: 8,
        height: 2,
        backgroundColor: theme.palette.common.white,
      },
      '&[aria-disabled="true"]': { opacity: 0.4, cursor: 'default' },
    },
    '& .ng-icon': {
      border: 0,
      background: 'none',
      padding: 2,
      cursor: 'pointer',
      color: theme.palette.text.secondary,
      display: 'inline-flex',
      borderRadius: 4,
      '&:hover, &:focus-visible': {
        color: theme.palette.text.primary,
        backgroundColor: theme.palette.action.hover,
      },
    },
    // A row's icon buttons: the icon is the background (no child element). A button the row
    // does not offer stays in the row element, hidden (the class's display would show it).
    '& .ng-row .ng-icon': { width: 22, height: 22, flex: 'none' },
    '& .ng-icon[hidden]': { display: 'none' },
    '& .ng-drag': { cursor: 'grab' },
    '& .ng-small': { padding: '1px', '& svg': { fontSize: 15 } },
    // Row icons: the buttons' own background images (see icons.tsx).
    ...iconCss({
      normal: theme.palette.text.secondary,
      hover: theme.palette.text.primary,
      priority: darken(theme.palette.error.main, 0.2),
    }),
    '& .ng-label': {
      flex: '1 1 auto',
      minWidth: 0,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      fontWeight: 600,
    },
    '& .ng-badge': {
      display: 'inline-block',
      padding: '0 6px',
      lineHeight: '20px',
      borderRadius: 10,
      border: '1px solid',
      fontSize: 12,
      fontWeight: 500,
    },
    '& .ng-tone-success': tone(theme.palette.success.main),
    '& .ng-tone-danger': tone(theme.palette.error.main),
    '& .ng-tone-warning': tone(theme.palette.warning.main),
    '& .ng-tone-neutral': {
      backgroundColor: theme.palette.grey[100],
      color: theme.palette.text.primary,
      borderColor: theme.palette.grey[400],
    },
    '& .ng-approx': { marginRight: 4, padding: '0 5px', cursor: 'help' },
    '& .ng-priority[data-priority="high"]': {
      color: darken(theme.palette.error.main, 0.2),
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2px',
    },
  };
};
