/**
 * A volume as people read it (issue 36): litres below a cubic metre, cubic metres from there on,
 * never "153.096 dm³". Litres are whole from 10 l (a parcel's 153 l), with one decimal below
 * (0.5 l); cubic metres have one decimal below 100 m³ (1.2 m³) and none above. The unit changes
 * where the rounded litres reach 1,000, so 999.7 dm³ reads "1 m³", not "1,000 l".
 */
export function formatVolume(dm3: number, locale: string): string {
  const abs = Math.abs(dm3);
  const litres = abs < 10 ? Math.round(dm3 * 10) / 10 : Math.round(dm3);
  if (Math.abs(litres) < 1000)
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(litres)} l`;
  const m3 = dm3 / 1000;
  const digits = Math.abs(m3) < 100 ? 1 : 0;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(m3)} m³`;
}
