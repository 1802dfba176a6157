import { alpha, darken, type Theme } from '@mui/material/styles';
import { iconImage } from '../../grid/icons';

/**
 * The slot board's one style block (lengths as strings: in `sx`, a bare number for a margin or a
 * radius is a multiple of the theme's spacing or shape). Cards, bars and stops are plain elements with these classes
 * (like the grid's rows): a day of 50 slots and thousands of stops costs an emotion class and an
 * MUI component per element otherwise, which was most of the board's first render.
 */
const paths = {
  up: 'M4 12l1.41 1.41L11 7.83V20h2V7.83l5.58 5.59L20 12l-8-8-8 8z',
  down: 'M20 12l-1.41-1.41L13 16.17V4h-2v12.17l-5.58-5.59L4 12l8 8 8-8z',
  done: 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z',
  late: 'M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8zm.5-13H11v6l5.25 3.15.75-1.23-4.5-2.67z',
  warning: 'M12 5.99 19.53 19H4.47L12 5.99M12 2 1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z',
} as const;
const image = (path: string, color: string) =>
  `url("data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="${color}"><path d="${path}"/></svg>`,
  )}")`;

export const boardSx = (theme: Theme) => {
  const p = theme.palette;
  const muted = p.text.secondary;
  const strong = p.text.primary;
  const chip = (color: string) => ({
    backgroundColor: alpha(color, 0.14),
    color: darken(color, 0.5),
    borderColor: alpha(color, 0.6),
  });
  return {
    fontSize: 13,
    '& .pl-card': {
      boxSizing: 'border-box',
      minWidth: 0,
      padding: '10px 12px',
      border: `1px solid ${p.divider}`,
      borderRadius: '4px',
      backgroundColor: p.background.paper,
      scrollMarginTop: '16px',
    },
    '& .pl-card.pl-focused': {
      borderColor: p.primary.main,
      boxShadow: `0 0 0 1px ${p.primary.main}`,
    },
    '& .pl-card.pl-over': {
      borderColor: p.secondary.main,
      boxShadow: `0 0 0 1px ${p.secondary.main}`,
      backgroundColor: alpha(p.secondary.main, 0.04),
    },
    '& .pl-head': { display: 'flex', alignItems: 'center', gap: '8px', minWidth: 0 },
    '& .pl-name': {
      margin: 0,
      fontSize: 15,
      fontWeight: 600,
      minWidth: 0,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      '& a': { color: 'inherit', textDecoration: 'none' },
      '& a:hover, & a:focus-visible': { textDecoration: 'underline' },
    },
    '& .pl-time': { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
    '& .pl-chip': {
      display: 'inline-block',
      flex: 'none',
      padding: '0 8px',
      lineHeight: '20px',
      borderRadius: '10px',
      border: '1px solid',
      fontSize: 12,
      fontWeight: 500,
      whiteSpace: 'nowrap',
      ...chip(p.grey[600]),
    },
    '& .pl-chip.pl-alert': { ...chip(p.error.main), fontWeight: 700 },
    '& .pl-chip[data-state="PLANNED"]': chip(p.info.main),
    '& .pl-chip[data-state="IN_PROGRESS"]': chip(p.secondary.main),
    '& .pl-chip[data-state="PAUSED"]': chip(p.warning.main),
    '& .pl-chip[data-state="COMPLETED"]': chip(p.success.main),
    '& .pl-chip[data-state="CANCELLED"]': chip(p.error.main),
    '& .pl-people': {
      color: muted,
      margin: '2px 0 8px',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    },
    // Icon buttons: the icon is the button's background image (no child element).
    '& .pl-btn': {
      flex: 'none',
      width: 22,
      height: 22,
      padding: 0,
      border: 0,
      borderRadius: '4px',
      cursor: 'pointer',
      backgroundColor: 'transparent',
      backgroundPosition: 'center',
      backgroundRepeat: 'no-repeat',
      backgroundSize: '16px',
      '&:hover, &:focus-visible': { backgroundColor: p.action.hover },
      '&:focus-visible': { outline: `2px solid ${p.primary.dark}`, outlineOffset: -1 },
      '&:disabled': { opacity: 0.3, cursor: 'default', backgroundColor: 'transparent' },
    },
    '& .pl-btn.pl-menu': { marginLeft: 'auto', width: 28, height: 28, backgroundSize: '20px' },
    '& .pl-svg-more': { backgroundImage: iconImage('more', muted) },
    '& .pl-svg-drag': { backgroundImage: iconImage('drag', muted), cursor: 'grab' },
    '& .pl-svg-up': { backgroundImage: image(paths.up, muted) },
    '& .pl-svg-down': { backgroundImage: image(paths.down, muted) },
    '& .pl-bars': { display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '8px' },
    '& .pl-bar': { minWidth: 0 },
    '& .pl-bar-label, & .pl-bar-value': {
      display: 'flex',
      alignItems: 'center',
      gap: '2px',
      fontSize: 12,
      color: muted,
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
    },
    '& .pl-bar-value': { display: 'block', fontVariantNumeric: 'tabular-nums', color: strong },
    '& .pl-bar[data-over="true"] .pl-bar-value': { color: p.error.dark, fontWeight: 600 },
    '& .pl-bar[data-over="true"] .pl-bar-label': { color: p.error.dark, fontWeight: 600 },
    '& .pl-warn': {
      width: 14,
      height: 14,
      flex: 'none',
      backgroundImage: image(paths.warning, p.error.dark),
      backgroundSize: '14px',
    },
    '& .pl-meter': {
      height: 6,
      borderRadius: '3px',
      backgroundColor: p.action.hover,
      overflow: 'hidden',
    },
    '& .pl-fill': { height: '100%', backgroundColor: p.success.main },
    '& .pl-bar[data-over="true"] .pl-fill': { backgroundColor: p.error.main },
    '& .pl-stops': { marginTop: '8px', maxHeight: 360, overflowY: 'auto', overflowX: 'hidden' },
    '& .pl-empty': { color: muted, padding: '8px 0' },
    '& .pl-stop': {
      display: 'flex',
      alignItems: 'center',
      gap: '4px',
      minHeight: 34,
      boxSizing: 'border-box',
      borderBottom: `1px solid ${p.divider}`,
      backgroundColor: p.background.paper,
    },
    '& .pl-stop[data-stop-type="rest_break"]': { backgroundColor: p.grey[100] },
    '& .pl-stop.pl-selected': { backgroundColor: alpha(p.primary.main, 0.16) },
    '& .pl-stop.pl-dragging': { opacity: 0.4 },
    '& .pl-stop input': { margin: 0, flex: 'none' },
    '& .pl-nocheck': { width: 13, flex: 'none' },
    '& .pl-seq': {
      width: 22,
      flex: 'none',
      textAlign: 'right',
      fontVariantNumeric: 'tabular-nums',
    },
    '& .pl-type': {
      width: 64,
      flex: 'none',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      fontWeight: 600,
      color: muted,
    },
    '& .pl-type[data-type="pickup"]': { color: p.info.dark },
    '& .pl-type[data-type="delivery"]': { color: p.success.dark },
    '& .pl-place': {
      flex: 1,
      minWidth: 0,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    },
    '& .pl-times': { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', color: strong },
    '& .pl-wait': { whiteSpace: 'nowrap', fontSize: 12, color: darken(p.warning.main, 0.35) },
    '& .pl-mark': { width: 18, height: 18, flex: 'none', backgroundSize: '18px' },
    '& .pl-late': { backgroundImage: image(paths.late, p.error.main) },
    '& .pl-done': { backgroundImage: image(paths.done, p.success.main) },
    // Issue 36: an approximate point and an outlier stop, each a word-bearing badge (a glyph with
    // its name as accessible label and tooltip), not a colour alone.
    '& .pl-geo': {
      flex: 'none',
      padding: '0 5px',
      lineHeight: '18px',
      borderRadius: 9,
      border: '1px solid',
      fontSize: 12,
      cursor: 'help',
    },
    '& .pl-approx': { color: p.warning.dark, borderColor: p.warning.main },
    '& .pl-outlier': { color: p.error.dark, borderColor: p.error.main, fontWeight: 700 },
  };
};
