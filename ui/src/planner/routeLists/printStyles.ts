/**
 * The route lists' styles. On screen each document is a white A4-wide sheet on a grey desk, like
 * a print preview; printed, everything but the documents disappears (the app frame included, by
 * `:has`, as the label page does), pages are A4, and each slot or delivery note starts a page.
 */
export const routeListStyles = `
.nl-print-doc { display: flex; flex-direction: column; align-items: center; gap: 6mm;
  padding: 6mm 0; background: #e7e7e7; }
.nl-sheet {
  box-sizing: border-box; width: 100%; max-width: 210mm; padding: 10mm 12mm; background: #fff;
  color: #000; font-family: Arial, Helvetica, sans-serif; font-size: 12px; line-height: 1.35;
  box-shadow: 0 1px 4px rgba(0, 0, 0, 0.3); overflow-x: auto;
}
.nl-sheet h2 { font-size: 18px; margin: 0 0 3mm; }
.nl-sheet h3 { font-size: 13px; margin: 4mm 0 1.5mm; }
.nl-doc-head { display: flex; justify-content: space-between; align-items: flex-start; gap: 4mm;
  flex-wrap: wrap; border-bottom: 0.4mm solid #000; padding-bottom: 2mm; margin-bottom: 3mm; }
.nl-doc-facts { display: grid; grid-template-columns: max-content 1fr max-content 1fr;
  gap: 0.5mm 3mm; margin: 0; }
.nl-doc-facts dt { font-weight: 700; }
.nl-doc-facts dd { margin: 0; overflow-wrap: anywhere; }
.nl-table { width: 100%; border-collapse: collapse; margin: 2mm 0; }
.nl-table th, .nl-table td { border: 0.2mm solid #555; padding: 1mm 1.5mm; text-align: left;
  vertical-align: top; }
/* Words stay whole (columns are at least their longest word wide); a very long one may break. */
.nl-table th { background: #eee; font-weight: 700; }
.nl-table td { overflow-wrap: break-word; }
.nl-table td.nl-num, .nl-table th.nl-num { text-align: right; white-space: nowrap; }
.nl-table .nl-mono { font-family: 'Courier New', monospace; white-space: nowrap; }
.nl-table tfoot td { font-weight: 700; }
.nl-table tr { break-inside: avoid; page-break-inside: avoid; }
.nl-sign-cell { min-width: 25mm; height: 8mm; }
.nl-muted { color: #333; }
.nl-warn { font-weight: 700; }
.nl-parties { display: grid; grid-template-columns: 1fr 1fr; gap: 3mm; margin-bottom: 3mm; }
.nl-party { border: 0.3mm solid #000; padding: 2mm; }
.nl-caption { font-size: 10px; text-transform: uppercase; letter-spacing: 0.2mm; }
.nl-signatures { display: grid; grid-template-columns: repeat(3, 1fr); gap: 6mm; margin-top: 8mm;
  break-inside: avoid; page-break-inside: avoid; }
.nl-signature { border-top: 0.3mm solid #000; padding-top: 1mm; min-height: 12mm; }
.nl-barcode-block { display: flex; flex-direction: column; align-items: flex-end; }
@media print {
  @page { size: A4; margin: 12mm; }
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body *:not(:has(.nl-print-doc)):not(.nl-print-doc):not(.nl-print-doc *) {
    display: none !important;
  }
  *:has(> * .nl-print-doc), *:has(> .nl-print-doc) {
    display: block !important; position: static !important; margin: 0 !important;
    padding: 0 !important; border: 0 !important; width: auto !important; height: auto !important;
    min-height: 0 !important; max-width: none !important; overflow: visible !important;
    transform: none !important; box-shadow: none !important; background: #fff !important;
  }
  .nl-print-doc { display: block; padding: 0; background: #fff; }
  .nl-sheet { max-width: none; padding: 0; box-shadow: none; font-size: 9pt; overflow: visible; }
  .nl-sheet + .nl-sheet { break-before: page; page-break-before: always; }
  .nl-table thead { display: table-header-group; }
}
`;
