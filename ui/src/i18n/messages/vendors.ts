import type { Locale } from '../locales';

/**
 * The texts of the vendors (docs/decisions/0091-vendors.md) in the six languages, spread into
 * each language's messages (pages, validation, resources and the `vendors` section).
 */
const en = {
  pages: { vendors: 'Vendors' },
  validation: {
    siteCode: 'Letters, digits, - and _ only (at most 20)',
    duplicateSiteCode: 'Another site of this vendor has this code',
    unknownSite: 'No site of this vendor has this code',
    siteHasUnits: 'Units are connected to this site: connect them elsewhere first',
  },
  resources: {
    'admin/vendors': {
      name: 'Vendor |||| Vendors',
      fields: {
        id: 'Id',
        departmentId: 'Department',
        name: 'Name',
        country: 'Country',
        orgNumber: 'Organisation number',
        email: 'E-mail',
        phone: 'Phone',
        sites: 'Sites',
        'sites.code': 'Site code',
        'sites.name': 'Site name',
        q: 'Search',
      },
    },
  },
  vendors: {
    help: 'A vendor is a haulier the department hires. Its organisation number is checked by the rule of its country. Its sites are its depots, where units can be stationed.',
    orgNumberHelp: 'NO 9 digits, SE NNNNNN-NNNN, DK 8 digits (CVR), FI NNNNNNN-N',
    codeHelp: 'Short code, e.g. OSL1',
    sitesSummary: '%{sites} sites, %{units} units',
    noLocation: 'No address',
    removeLocation: 'Remove address',
    findLocation: 'Find the site address',
    unitsTitle: 'Units at the sites',
    unitsHelp: 'A unit is at one site at most: choosing it here moves it from any other site.',
    unitsAt: 'Units at %{site}',
    saveUnits: 'Save units',
    unitsSaved: 'Units of %{site} saved',
  },
};

export type VendorMessages = typeof en;

const nb: VendorMessages = {
  pages: { vendors: 'Leverandører' },
  validation: {
    siteCode: 'Bare bokstaver, sifre, - og _ (høyst 20)',
    duplicateSiteCode: 'Et annet anlegg hos denne leverandøren har denne koden',
    unknownSite: 'Ingen anlegg hos denne leverandøren har denne koden',
    siteHasUnits: 'Enheter er koblet til dette anlegget: koble dem et annet sted først',
  },
  resources: {
    'admin/vendors': {
      name: 'Leverandør |||| Leverandører',
      fields: {
        id: 'Id',
        departmentId: 'Avdeling',
        name: 'Navn',
        country: 'Land',
        orgNumber: 'Organisasjonsnummer',
        email: 'E-post',
        phone: 'Telefon',
        sites: 'Anlegg',
        'sites.code': 'Anleggskode',
        'sites.name': 'Anleggsnavn',
        q: 'Søk',
      },
    },
  },
  vendors: {
    help: 'En leverandør er en transportør avdelingen leier inn. Organisasjonsnummeret kontrolleres etter landets regel. Anleggene er leverandørens terminaler, der enheter kan stå.',
    orgNumberHelp: 'NO 9 sifre, SE NNNNNN-NNNN, DK 8 sifre (CVR), FI NNNNNNN-N',
    codeHelp: 'Kort kode, f.eks. OSL1',
    sitesSummary: '%{sites} anlegg, %{units} enheter',
    noLocation: 'Ingen adresse',
    removeLocation: 'Fjern adressen',
    findLocation: 'Finn anleggets adresse',
    unitsTitle: 'Enheter ved anleggene',
    unitsHelp: 'En enhet står ved høyst ett anlegg: velges den her, flyttes den fra et annet.',
    unitsAt: 'Enheter ved %{site}',
    saveUnits: 'Lagre enheter',
    unitsSaved: 'Enhetene ved %{site} er lagret',
  },
};

const sv: VendorMessages = {
  pages: { vendors: 'Leverantörer' },
  validation: {
    siteCode: 'Endast bokstäver, siffror, - och _ (högst 20)',
    duplicateSiteCode: 'En annan anläggning hos leverantören har denna kod',
    unknownSite: 'Ingen anläggning hos leverantören har denna kod',
    siteHasUnits: 'Enheter är kopplade till anläggningen: koppla dem någon annanstans först',
  },
  resources: {
    'admin/vendors': {
      name: 'Leverantör |||| Leverantörer',
      fields: {
        id: 'Id',
        departmentId: 'Avdelning',
        name: 'Namn',
        country: 'Land',
        orgNumber: 'Organisationsnummer',
        email: 'E-post',
        phone: 'Telefon',
        sites: 'Anläggningar',
        'sites.code': 'Anläggningskod',
        'sites.name': 'Anläggningsnamn',
        q: 'Sök',
      },
    },
  },
  vendors: {
    help: 'En leverantör är ett åkeri som avdelningen anlitar. Organisationsnumret kontrolleras enligt landets regel. Anläggningarna är åkeriets depåer, där enheter kan stå.',
    orgNumberHelp: 'NO 9 siffror, SE NNNNNN-NNNN, DK 8 siffror (CVR), FI NNNNNNN-N',
    codeHelp: 'Kort kod, t.ex. OSL1',
    sitesSummary: '%{sites} anläggningar, %{units} enheter',
    noLocation: 'Ingen adress',
    removeLocation: 'Ta bort adressen',
    findLocation: 'Sök anläggningens adress',
    unitsTitle: 'Enheter vid anläggningarna',
    unitsHelp: 'En enhet står vid högst en anläggning: väljs den här flyttas den från en annan.',
    unitsAt: 'Enheter vid %{site}',
    saveUnits: 'Spara enheter',
    unitsSaved: 'Enheterna vid %{site} är sparade',
  },
};

const da: VendorMessages = {
  pages: { vendors: 'Leverandører' },
  validation: {
    siteCode: 'Kun bogstaver, cifre, - og _ (højst 20)',
    duplicateSiteCode: 'Et andet sted hos leverandøren har denne kode',
    unknownSite: 'Intet sted hos leverandøren har denne kode',
    siteHasUnits: 'Enheder er knyttet til stedet: knyt dem til et andet sted først',
  },
  resources: {
    'admin/vendors': {
      name: 'Leverandør |||| Leverandører',
      fields: {
        id: 'Id',
        departmentId: 'Afdeling',
        name: 'Navn',
        country: 'Land',
        orgNumber: 'Organisationsnummer',
        email: 'E-mail',
        phone: 'Telefon',
        sites: 'Steder',
        'sites.code': 'Stedkode',
        'sites.name': 'Stednavn',
        q: 'Søg',
      },
    },
  },
  vendors: {
    help: 'En leverandør er en vognmand, som afdelingen hyrer. Organisationsnummeret kontrolleres efter landets regel. Stederne er vognmandens depoter, hvor enheder kan stå.',
    orgNumberHelp: 'NO 9 cifre, SE NNNNNN-NNNN, DK 8 cifre (CVR), FI NNNNNNN-N',
    codeHelp: 'Kort kode, f.eks. OSL1',
    sitesSummary: '%{sites} steder, %{units} enheder',
    noLocation: 'Ingen adresse',
    removeLocation: 'Fjern adressen',
    findLocation: 'Find stedets adresse',
    unitsTitle: 'Enheder ved stederne',
    unitsHelp: 'En enhed står ved højst ét sted: vælges den her, flyttes den fra et andet.',
    unitsAt: 'Enheder ved %{site}',
    saveUnits: 'Gem enheder',
    unitsSaved: 'Enhederne ved %{site} er gemt',
  },
};

const fi: VendorMessages = {
  pages: { vendors: 'Toimittajat' },
  validation: {
    siteCode: 'Vain kirjaimia, numeroita, - ja _ (enintään 20)',
    duplicateSiteCode: 'Toimittajan toisella toimipaikalla on tämä koodi',
    unknownSite: 'Toimittajalla ei ole toimipaikkaa tällä koodilla',
    siteHasUnits: 'Toimipaikkaan on liitetty yksiköitä: liitä ne ensin muualle',
  },
  resources: {
    'admin/vendors': {
      name: 'Toimittaja |||| Toimittajat',
      fields: {
        id: 'Tunnus',
        departmentId: 'Osasto',
        name: 'Nimi',
        country: 'Maa',
        orgNumber: 'Y-tunnus',
        email: 'Sähköposti',
        phone: 'Puhelin',
        sites: 'Toimipaikat',
        'sites.code': 'Toimipaikan koodi',
        'sites.name': 'Toimipaikan nimi',
        q: 'Haku',
      },
    },
  },
  vendors: {
    help: 'Toimittaja on kuljetusliike, jonka osasto palkkaa. Y-tunnus tarkistetaan maan säännön mukaan. Toimipaikat ovat sen terminaaleja, joilla yksiköt voivat olla.',
    orgNumberHelp: 'NO 9 numeroa, SE NNNNNN-NNNN, DK 8 numeroa (CVR), FI NNNNNNN-N',
    codeHelp: 'Lyhyt koodi, esim. OSL1',
    sitesSummary: '%{sites} toimipaikkaa, %{units} yksikköä',
    noLocation: 'Ei osoitetta',
    removeLocation: 'Poista osoite',
    findLocation: 'Hae toimipaikan osoite',
    unitsTitle: 'Yksiköt toimipaikoilla',
    unitsHelp: 'Yksikkö on enintään yhdellä toimipaikalla: tässä valittu siirtyy muualta.',
    unitsAt: 'Yksiköt: %{site}',
    saveUnits: 'Tallenna yksiköt',
    unitsSaved: 'Toimipaikan %{site} yksiköt tallennettu',
  },
};

const fr: VendorMessages = {
  pages: { vendors: 'Fournisseurs' },
  validation: {
    siteCode: 'Lettres, chiffres, - et _ uniquement (20 au plus)',
    duplicateSiteCode: 'Un autre site de ce fournisseur a ce code',
    unknownSite: "Aucun site de ce fournisseur n'a ce code",
    siteHasUnits: "Des unités sont rattachées à ce site : rattachez-les d'abord ailleurs",
  },
  resources: {
    'admin/vendors': {
      name: 'Fournisseur |||| Fournisseurs',
      fields: {
        id: 'Id',
        departmentId: 'Département',
        name: 'Nom',
        country: 'Pays',
        orgNumber: "Numéro d'entreprise",
        email: 'E-mail',
        phone: 'Téléphone',
        sites: 'Sites',
        'sites.code': 'Code du site',
        'sites.name': 'Nom du site',
        q: 'Rechercher',
      },
    },
  },
  vendors: {
    help: "Un fournisseur est un transporteur sous-traitant du département. Son numéro d'entreprise est vérifié selon la règle de son pays. Ses sites sont ses dépôts, où des unités peuvent être stationnées.",
    orgNumberHelp: 'NO 9 chiffres, SE NNNNNN-NNNN, DK 8 chiffres (CVR), FI NNNNNNN-N',
    codeHelp: 'Code court, p. ex. OSL1',
    sitesSummary: '%{sites} sites, %{units} unités',
    noLocation: "Pas d'adresse",
    removeLocation: "Retirer l'adresse",
    findLocation: "Chercher l'adresse du site",
    unitsTitle: 'Unités des sites',
    unitsHelp: "Une unité est sur un site au plus : la choisir ici la déplace d'un autre site.",
    unitsAt: 'Unités de %{site}',
    saveUnits: 'Enregistrer les unités',
    unitsSaved: 'Unités de %{site} enregistrées',
  },
};

export const vendorMessages: Record<Locale, VendorMessages> = { da, en, fi, fr, nb, sv };
