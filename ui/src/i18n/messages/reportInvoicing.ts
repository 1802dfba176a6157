import type { Locale } from '../locales';

/**
 * The invoiced amounts of the planner's report, the dashboard and the admin report
 * (docs/decisions/0096) in the six languages.
 */
const en = {
  title: 'Invoicing',
  table: 'Invoicing by %{group}',
  invoiced: 'Invoiced orders',
  unpriced: 'Invoiced without price',
  toInvoice: 'To be invoiced',
  currency: 'Currency',
  net: 'Net',
  vat: 'VAT',
  gross: 'Gross',
  costPerStop: 'Per stop',
  exportCsv: 'Invoicing as CSV',
  exportXlsx: 'Invoicing as Excel',
  estimate: 'To invoice, estimated at today’s prices',
  estimateOverLimit:
    'More than %{limit} orders to invoice: not estimated. Choose a shorter period.',
  estimateNotPriced: 'Not priceable at today’s prices',
  estimating: 'Estimating the amount still to invoice…',
  hint: 'Invoiced and awaiting acknowledgement count as invoiced. Orders still to be invoiced are counted; a department’s report estimates their amount at today’s prices, the invoice may differ. Per stop is net over the invoiced orders’ route stops.',
};

type Texts = typeof en;

const nb: Texts = {
  title: 'Fakturering',
  table: 'Fakturering per %{group}',
  invoiced: 'Fakturerte ordre',
  unpriced: 'Fakturert uten pris',
  toInvoice: 'Til fakturering',
  currency: 'Valuta',
  net: 'Netto',
  vat: 'MVA',
  gross: 'Brutto',
  costPerStop: 'Per stopp',
  exportCsv: 'Fakturering som CSV',
  exportXlsx: 'Fakturering som Excel',
  estimate: 'Til fakturering, anslått etter dagens priser',
  estimateOverLimit:
    'Mer enn %{limit} ordre til fakturering: ikke anslått. Velg en kortere periode.',
  estimateNotPriced: 'Kan ikke prises etter dagens priser',
  estimating: 'Beregner beløpet som gjenstår å fakturere …',
  hint: 'Fakturert og venter på bekreftelse regnes som fakturert. Ordre som gjenstår å fakturere telles; en avdelings rapport anslår beløpet etter dagens priser, fakturaen kan avvike. Per stopp er netto over de fakturerte ordrenes stopp.',
};

const sv: Texts = {
  title: 'Fakturering',
  table: 'Fakturering per %{group}',
  invoiced: 'Fakturerade order',
  unpriced: 'Fakturerade utan pris',
  toInvoice: 'Att fakturera',
  currency: 'Valuta',
  net: 'Netto',
  vat: 'Moms',
  gross: 'Brutto',
  costPerStop: 'Per stopp',
  exportCsv: 'Fakturering som CSV',
  exportXlsx: 'Fakturering som Excel',
  estimate: 'Att fakturera, uppskattat efter dagens priser',
  estimateOverLimit:
    'Fler än %{limit} order att fakturera: inte uppskattat. Välj en kortare period.',
  estimateNotPriced: 'Kan inte prissättas efter dagens priser',
  estimating: 'Beräknar beloppet som återstår att fakturera …',
  hint: 'Fakturerad och väntar på bekräftelse räknas som fakturerad. Order som återstår att fakturera räknas; en avdelnings rapport uppskattar beloppet efter dagens priser, fakturan kan avvika. Per stopp är netto över de fakturerade ordrarnas stopp.',
};

const da: Texts = {
  title: 'Fakturering',
  table: 'Fakturering pr. %{group}',
  invoiced: 'Fakturerede ordrer',
  unpriced: 'Faktureret uden pris',
  toInvoice: 'Til fakturering',
  currency: 'Valuta',
  net: 'Netto',
  vat: 'Moms',
  gross: 'Brutto',
  costPerStop: 'Pr. stop',
  exportCsv: 'Fakturering som CSV',
  exportXlsx: 'Fakturering som Excel',
  estimate: 'Til fakturering, anslået efter dagens priser',
  estimateOverLimit:
    'Mere end %{limit} ordrer til fakturering: ikke anslået. Vælg en kortere periode.',
  estimateNotPriced: 'Kan ikke prissættes efter dagens priser',
  estimating: 'Beregner beløbet, der mangler at blive faktureret …',
  hint: 'Faktureret og afventer kvittering tæller som faktureret. Ordrer, der mangler at blive faktureret, tælles; en afdelings rapport anslår beløbet efter dagens priser, fakturaen kan afvige. Pr. stop er netto over de fakturerede ordrers stop.',
};

const fi: Texts = {
  title: 'Laskutus',
  table: 'Laskutus: %{group}',
  invoiced: 'Laskutetut tilaukset',
  unpriced: 'Laskutettu ilman hintaa',
  toInvoice: 'Laskutettavana',
  currency: 'Valuutta',
  net: 'Netto',
  vat: 'ALV',
  gross: 'Brutto',
  costPerStop: 'Per pysähdys',
  exportCsv: 'Laskutus CSV-tiedostona',
  exportXlsx: 'Laskutus Excel-tiedostona',
  estimate: 'Laskutettavana, arvio tämän päivän hinnoin',
  estimateOverLimit: 'Yli %{limit} laskutettavaa tilausta: ei arvioitu. Valitse lyhyempi jakso.',
  estimateNotPriced: 'Ei hinnoiteltavissa tämän päivän hinnoin',
  estimating: 'Arvioidaan vielä laskuttamatonta summaa …',
  hint: 'Laskutettu ja kuittausta odottava lasketaan laskutetuiksi. Laskuttamattomat tilaukset lasketaan; osaston raportti arvioi niiden summan tämän päivän hinnoin, lasku voi poiketa. Per pysähdys on netto jaettuna laskutettujen tilausten pysähdyksillä.',
};

const fr: Texts = {
  title: 'Facturation',
  table: 'Facturation par %{group}',
  invoiced: 'Commandes facturées',
  unpriced: 'Facturées sans prix',
  toInvoice: 'À facturer',
  currency: 'Devise',
  net: 'HT',
  vat: 'TVA',
  gross: 'TTC',
  costPerStop: 'Par arrêt',
  exportCsv: 'Facturation en CSV',
  exportXlsx: 'Facturation en Excel',
  estimate: 'À facturer, estimé aux prix du jour',
  estimateOverLimit:
    'Plus de %{limit} commandes à facturer : non estimé. Choisissez une période plus courte.',
  estimateNotPriced: 'Non tarifables aux prix du jour',
  estimating: 'Estimation du montant restant à facturer…',
  hint: 'Facturé et en attente d’accusé de réception comptent comme facturés. Les commandes restant à facturer sont comptées ; le rapport d’une agence estime leur montant aux prix du jour, la facture peut différer. Par arrêt : le HT divisé par les arrêts des commandes facturées.',
};

export const reportInvoicingMessages: Record<Locale, Texts> = { en, nb, sv, da, fi, fr };
