/** A street address of a demo order: street and number, postal code, postal town. */
export type DemoAddress = readonly [address: string, zipCode: string, zipArea: string];

/**
 * Real street addresses of the four capitals, so the demo day's stops lie where a visitor expects
 * them. Oslo's postal codes are the ones Erik Bolstad's street register (CC BY 3.0,
 * erikbolstad.no/postnummer) gives each street's numbers; elsewhere the street's postal code or
 * one of its town's, every one in the shipped tables (platform/data/postal). Stockholm's are
 * spread over its postal towns: Sweden's table places a town's codes on one point.
 */
export const demoAddresses: Record<
  string,
  { customers: DemoAddress[]; deliveries: DemoAddress[] }
> = {
  NO: {
    customers: [
      ['Schweigaards gate 10', '0185', 'Oslo'],
      ['Hegdehaugsveien 10', '0167', 'Oslo'],
    ],
    deliveries: [
      ['Karl Johans gate 5', '0154', 'Oslo'],
      ['Karl Johans gate 23', '0159', 'Oslo'],
      ['Storgata 7', '0155', 'Oslo'],
      ['Storgata 20', '0184', 'Oslo'],
      ['Storgata 41', '0182', 'Oslo'],
      ['Ullevålsveien 15', '0165', 'Oslo'],
      ['Ullevålsveien 45', '0171', 'Oslo'],
      ['Maridalsveien 30', '0175', 'Oslo'],
      ['Maridalsveien 100', '0461', 'Oslo'],
      ['Grønlandsleiret 25', '0190', 'Oslo'],
      ['Dronning Eufemias gate 16', '0191', 'Oslo'],
      ['Frognerveien 20', '0263', 'Oslo'],
      ['Kirkeveien 70', '0364', 'Oslo'],
      ['Bogstadveien 12', '0355', 'Oslo'],
      ['Bogstadveien 40', '0366', 'Oslo'],
      ['Sandakerveien 24', '0473', 'Oslo'],
      ['Sandakerveien 56', '0477', 'Oslo'],
      ['Sognsveien 4', '0451', 'Oslo'],
      ['Thorvald Meyers gate 30', '0555', 'Oslo'],
      ['Trondheimsveien 80', '0565', 'Oslo'],
      ['Bygdøy allé 50', '0265', 'Oslo'],
      ['Pilestredet 20', '0164', 'Oslo'],
      ['Torggata 10', '0181', 'Oslo'],
      ['Markveien 35', '0554', 'Oslo'],
    ],
  },
  SE: {
    customers: [
      ['Hornsgatan 80', '118 21', 'Stockholm'],
      ['Odengatan 70', '113 22', 'Stockholm'],
    ],
    deliveries: [
      ['Drottninggatan 50', '111 21', 'Stockholm'],
      ['Götgatan 30', '118 46', 'Stockholm'],
      ['Råsundavägen 12', '169 67', 'Solna'],
      ['Landsvägen 40', '172 63', 'Sundbyberg'],
      ['Stockholmsvägen 30', '181 33', 'Lidingö'],
      ['Värmdövägen 84', '131 35', 'Nacka'],
      ['Brommaplan 403', '168 76', 'Bromma'],
      ['Arenavägen 41', '121 77', 'Johanneshov'],
      ['Hägerstensvägen 200', '126 53', 'Hägersten'],
      ['Årstavägen 30', '120 52', 'Årsta'],
      ['Farsta torg 4', '123 47', 'Farsta'],
      ['Vällingbyplan 1', '162 65', 'Vällingby'],
      ['Kistagången 12', '164 40', 'Kista'],
      ['Skärholmsgången 4', '127 48', 'Skärholmen'],
      ['Spånga torg 1', '163 43', 'Spånga'],
      ['Sockenvägen 290', '122 63', 'Enskede'],
      ['Götalandsvägen 218', '125 44', 'Älvsjö'],
      ['Trollesundsvägen 62', '124 56', 'Bandhagen'],
    ],
  },
  DK: {
    customers: [
      ['Nyhavn 23', '1051', 'København K'],
      ['Amagerbrogade 60', '2300', 'København S'],
    ],
    deliveries: [
      ['Vesterbrogade 41', '1620', 'København V'],
      ['Nørrebrogade 52', '2200', 'København N'],
      ['Østerbrogade 80', '2100', 'København Ø'],
      ['Amagerbrogade 150', '2300', 'København S'],
      ['Frederiksberggade 16', '1459', 'København K'],
      ['Gothersgade 14', '1123', 'København K'],
      ['Nyhavn 17', '1051', 'København K'],
      ['Valby Langgade 90', '2500', 'Valby'],
      ['Frederikssundsvej 120', '2700', 'Brønshøj'],
      ['Falkoner Allé 21', '2000', 'Frederiksberg'],
      ['Strandvejen 130', '2900', 'Hellerup'],
      ['Gammel Kongevej 60', '1850', 'Frederiksberg C'],
      ['Jernbane Allé 50', '2720', 'Vanløse'],
      ['Hvidovrevej 80', '2650', 'Hvidovre'],
    ],
  },
  FI: {
    customers: [
      ['Fleminginkatu 10', '00530', 'Helsinki'],
      ['Tehtaankatu 20', '00140', 'Helsinki'],
    ],
    deliveries: [
      ['Mannerheimintie 20', '00100', 'Helsinki'],
      ['Hämeentie 30', '00530', 'Helsinki'],
      ['Bulevardi 20', '00120', 'Helsinki'],
      ['Runeberginkatu 40', '00260', 'Helsinki'],
      ['Itämerenkatu 10', '00180', 'Helsinki'],
      ['Mäkelänkatu 50', '00510', 'Helsinki'],
      ['Itäkatu 1', '00930', 'Helsinki'],
      ['Vanha talvitie 2', '00580', 'Helsinki'],
      ['Ratapihantie 6', '00520', 'Helsinki'],
      ['Lauttasaarentie 20', '00200', 'Helsinki'],
      ['Kulosaaren puistotie 10', '00570', 'Helsinki'],
      ['Munkkiniemen puistotie 20', '00330', 'Helsinki'],
      ['Viikinkaari 9', '00790', 'Helsinki'],
      ['Kannelmäentie 8', '00420', 'Helsinki'],
      ['Malminkaari 5', '00700', 'Helsinki'],
      ['Pursimiehenkatu 4', '00150', 'Helsinki'],
      ['Sörnäisten rantatie 22', '00550', 'Helsinki'],
    ],
  },
};
