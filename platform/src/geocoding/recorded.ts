/**
 * Answers of the geocoding services in their documented formats, for the adapters' parsing tests
 * (the tests run without network): Nominatim `/search?format=jsonv2&addressdetails=1` (an array of
 * places, coordinates as strings) and Photon `/api` (a GeoJSON FeatureCollection, [lon, lat]).
 */
export const nominatimStorgata = [
  {
    place_id: 129467722,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'node',
    osm_id: 2451738263,
    lat: '59.9137541',
    lon: '10.7531436',
    category: 'place',
    type: 'house',
    place_rank: 30,
    importance: 0.00000999999999995449,
    addresstype: 'place',
    name: '',
    display_name: '1, Storgata, Grønland, Gamle Oslo, Oslo, 0155, Norge',
    address: {
      house_number: '1',
      road: 'Storgata',
      neighbourhood: 'Grønland',
      suburb: 'Gamle Oslo',
      city: 'Oslo',
      'ISO3166-2-lvl4': 'NO-03',
      postcode: '0155',
      country: 'Norge',
      country_code: 'no',
    },
    boundingbox: ['59.9137041', '59.9138041', '10.7530936', '10.7531936'],
  },
  {
    place_id: 129467799,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'way',
    osm_id: 4404931,
    lat: '62.4722795',
    lon: '6.1549212',
    category: 'highway',
    type: 'residential',
    place_rank: 26,
    importance: 0.0533,
    addresstype: 'road',
    name: 'Storgata',
    display_name: 'Storgata, Sentrum, Ålesund, Møre og Romsdal, 6002, Norge',
    address: {
      road: 'Storgata',
      suburb: 'Sentrum',
      town: 'Ålesund',
      county: 'Møre og Romsdal',
      postcode: '6002',
      country: 'Norge',
      country_code: 'no',
    },
    boundingbox: ['62.4713', '62.4731', '6.1531', '6.1567'],
  },
  // A place without coordinates or country is dropped or has no latLng.
  { place_id: 1, display_name: 'Nowhere', address: { road: 'Nowhere' } },
];

export const photonKungsgatan = {
  features: [
    {
      geometry: { coordinates: [18.0649107, 59.3365331], type: 'Point' },
      type: 'Feature',
      properties: {
        osm_id: 280114564,
        country: 'Sverige',
        city: 'Stockholm',
        countrycode: 'SE',
        postcode: '111 43',
        locality: 'Norrmalm',
        type: 'house',
        osm_type: 'N',
        osm_key: 'place',
        housenumber: '4',
        street: 'Kungsgatan',
        district: 'Norrmalm',
        osm_value: 'house',
        state: 'Stockholms län',
      },
    },
    {
      geometry: { coordinates: [11.9695, 57.7069], type: 'Point' },
      type: 'Feature',
      properties: {
        osm_id: 24393440,
        extent: [11.9602, 57.7082, 11.9761, 57.7055],
        country: 'Sverige',
        countrycode: 'SE',
        name: 'Kungsgatan',
        postcode: '411 19',
        type: 'street',
        locality: 'Inom Vallgraven',
        osm_type: 'W',
        osm_key: 'highway',
        osm_value: 'pedestrian',
        state: 'Västra Götalands län',
      },
    },
    {
      geometry: { coordinates: [10.75, 59.91], type: 'Point' },
      type: 'Feature',
      properties: {
        osm_id: 1,
        country: 'Norge',
        countrycode: 'NO',
        name: 'Kungsgatan',
        type: 'street',
        city: 'Oslo',
        osm_type: 'W',
        osm_key: 'highway',
        osm_value: 'residential',
      },
    },
  ],
  type: 'FeatureCollection',
};

/*
 * The two address registers below could not be recorded live (this machine reaches no service):
 * these answers were written from the services' published documentation and response
 * structures (Kartverket's "adresser" API v1 `/sok`; DAWA's `/adgangsadresser/autocomplete`), with
 * real addresses and coordinates rounded to the metre. docs/decisions/0034-geodata.md says so too.
 */

/** Kartverket `/sok?sok=Tvetenveien 150&utkoordsys=4258`: {metadata, adresser}. */
export const kartverketTvetenveien = {
  metadata: {
    side: 0,
    totaltAntallTreff: 3,
    treffPerSide: 10,
    viserFra: 0,
    viserTil: 3,
    asciiKompatibel: true,
    sokeStreng: 'sok=Tvetenveien 150&utkoordsys=4258&asciiKompatibel=true',
  },
  adresser: [
    {
      adressenavn: 'Tvetenveien',
      adressetekst: 'Tvetenveien 150',
      adressetilleggsnavn: null,
      adressekode: 17850,
      nummer: 150,
      bokstav: '',
      kommunenummer: '0301',
      kommunenavn: 'OSLO',
      gardsnummer: 144,
      bruksnummer: 257,
      festenummer: 0,
      undernummer: null,
      bruksenhetsnummer: ['H0101'],
      objtype: 'Vegadresse',
      poststed: 'OSLO',
      postnummer: '0671',
      adressetekstutenadressetilleggsnavn: 'Tvetenveien 150',
      stedfestingverifisert: true,
      representasjonspunkt: { epsg: 'EPSG:4258', lat: 59.91139, lon: 10.84112 },
      oppdateringsdato: '2024-03-12T10:21:09',
    },
    {
      adressenavn: 'Tvetenveien',
      adressetekst: 'Tvetenveien 150B',
      adressekode: 17850,
      nummer: 150,
      bokstav: 'B',
      kommunenummer: '0301',
      kommunenavn: 'OSLO',
      objtype: 'Vegadresse',
      poststed: 'OSLO',
      postnummer: '0671',
      representasjonspunkt: { epsg: 'EPSG:4258', lat: 59.91161, lon: 10.84159 },
    },
    // An entry without its point is no result.
    { adressetekst: 'Tvetenveien 152', postnummer: '0671', poststed: 'OSLO' },
  ],
};

/** DAWA `/adgangsadresser/autocomplete?q=Rødkildevej 46`: [{tekst, adgangsadresse}]. */
export const dawaRodkildevej = [
  {
    tekst: 'Rødkildevej 46, 2400 København NV',
    adgangsadresse: {
      id: '0a3f507a-b2e6-32b8-e044-0003ba298018',
      status: 1,
      darstatus: 3,
      vejkode: '6100',
      vejnavn: 'Rødkildevej',
      adresseringsvejnavn: 'Rødkildevej',
      husnr: '46',
      supplerendebynavn: null,
      postnr: '2400',
      postnrnavn: 'København NV',
      stormodtagerpostnr: null,
      stormodtagerpostnrnavn: null,
      kommunekode: '0101',
      x: 12.52894,
      y: 55.68795,
      href: 'https://api.dataforsyningen.dk/adgangsadresser/0a3f507a-b2e6-32b8-e044-0003ba298018',
    },
  },
  {
    tekst: 'Rødkildevej 46A, 2400 København NV',
    adgangsadresse: {
      vejnavn: 'Rødkildevej',
      husnr: '46A',
      postnr: '2400',
      postnrnavn: 'København NV',
      x: 12.52911,
      y: 55.68804,
    },
  },
  // A suggestion without coordinates is no result.
  { tekst: 'Rødkildevej, 2400 København NV', adgangsadresse: { vejnavn: 'Rødkildevej' } },
];
