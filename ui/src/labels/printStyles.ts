/**
 * The label page's styles. On screen the sheets stand on a grey desk like a print preview; in
 * print everything but the sheets disappears, the app frame included (`:has` keeps the sheets'
 * ancestors and hides their other children), and each sheet is one 100 × 150 mm page.
 */
export const labelStyles = `
.nl-label-sheets { display: flex; flex-wrap: wrap; gap: 6mm; padding: 6mm; background: #e7e7e7; }
.nl-label-sheet {
  box-sizing: border-box; width: 100mm; height: 150mm; padding: 4mm; overflow: hidden;
  background: #fff; color: #000; font-family: Arial, Helvetica, sans-serif; font-size: 3.2mm;
  line-height: 1.25; display: flex; flex-direction: column; gap: 1.5mm;
  box-shadow: 0 1px 4px rgba(0, 0, 0, 0.3);
}
.nl-label-row { display: flex; justify-content: space-between; gap: 2mm; }
.nl-label-head { font-size: 3.8mm; border-bottom: 0.4mm solid #000; padding-bottom: 1mm; }
.nl-label-party { border-bottom: 0.2mm solid #000; padding-bottom: 1mm; }
.nl-label-caption { font-size: 2.6mm; text-transform: uppercase; letter-spacing: 0.2mm; }
.nl-barcode svg { margin: 0 auto; }
@media print {
  @page { size: 100mm 150mm; margin: 0; }
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body *:not(:has(.nl-label-sheets)):not(.nl-label-sheets):not(.nl-label-sheets *) {
    display: none !important;
  }
  *:has(> * .nl-label-sheets), *:has(> .nl-label-sheets) {
    display: block !important; position: static !important; margin: 0 !important;
    padding: 0 !important; border: 0 !important; width: auto !important; height: auto !important;
    min-height: 0 !important; overflow: visible !important; transform: none !important;
    box-shadow: none !important; background: #fff !important;
  }
  .nl-label-sheets { display: block; padding: 0; background: #fff; }
  .nl-label-sheet { box-shadow: none; break-after: page; page-break-after: always; }
  .nl-label-sheet:last-child { break-after: auto; page-break-after: auto; }
}
`;
