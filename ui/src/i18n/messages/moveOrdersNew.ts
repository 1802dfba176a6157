import type { Locale } from '../locales';

/**
 * The all-or-nothing move of the shipments grid and the booking form's look-up of an earlier
 * recipient (docs/decisions/0089-move-orders-new.md) in the six languages.
 */
const en = {
  allOrNothing: 'Move all or none',
  allOrNothingHint:
    'If any of the orders cannot move, none is moved and each refused order is listed.',
  keptBack: 'not moved: the move is all or none',
  findRecipient: 'Find an earlier recipient',
  findRecipientHint: 'Phone, e-mail or part of the name',
  find: 'Find',
  noRecipient: 'No earlier recipient found',
  recipients: 'Earlier recipients',
  source: { ADDRESS_BOOK: 'Address book', ORDER: 'Earlier order' },
};

type Texts = typeof en;

const nb: Texts = {
  allOrNothing: 'Flytt alle eller ingen',
  allOrNothingHint:
    'Kan én av ordrene ikke flyttes, flyttes ingen, og hver ordre som ble avvist vises.',
  keptBack: 'ikke flyttet: flyttingen gjelder alle eller ingen',
  findRecipient: 'Finn en tidligere mottaker',
  findRecipientHint: 'Telefon, e-post eller del av navnet',
  find: 'Finn',
  noRecipient: 'Fant ingen tidligere mottaker',
  recipients: 'Tidligere mottakere',
  source: { ADDRESS_BOOK: 'Adressebok', ORDER: 'Tidligere ordre' },
};

const sv: Texts = {
  allOrNothing: 'Flytta alla eller ingen',
  allOrNothingHint:
    'Om någon av ordrarna inte kan flyttas flyttas ingen, och varje nekad order listas.',
  keptBack: 'inte flyttad: flytten gäller alla eller ingen',
  findRecipient: 'Hitta en tidigare mottagare',
  findRecipientHint: 'Telefon, e-post eller del av namnet',
  find: 'Sök',
  noRecipient: 'Ingen tidigare mottagare hittades',
  recipients: 'Tidigare mottagare',
  source: { ADDRESS_BOOK: 'Adressbok', ORDER: 'Tidigare order' },
};

const da: Texts = {
  allOrNothing: 'Flyt alle eller ingen',
  allOrNothingHint: 'Kan én af ordrerne ikke flyttes, flyttes ingen, og hver afvist ordre vises.',
  keptBack: 'ikke flyttet: flytningen gælder alle eller ingen',
  findRecipient: 'Find en tidligere modtager',
  findRecipientHint: 'Telefon, e-mail eller del af navnet',
  find: 'Find',
  noRecipient: 'Ingen tidligere modtager fundet',
  recipients: 'Tidligere modtagere',
  source: { ADDRESS_BOOK: 'Adressebog', ORDER: 'Tidligere ordre' },
};

const fi: Texts = {
  allOrNothing: 'Siirrä kaikki tai ei mitään',
  allOrNothingHint:
    'Jos jotakin tilausta ei voi siirtää, mitään ei siirretä, ja jokainen hylätty tilaus luetellaan.',
  keptBack: 'ei siirretty: siirto koskee kaikkia tai ei mitään',
  findRecipient: 'Etsi aiempi vastaanottaja',
  findRecipientHint: 'Puhelin, sähköposti tai osa nimestä',
  find: 'Etsi',
  noRecipient: 'Aiempaa vastaanottajaa ei löytynyt',
  recipients: 'Aiemmat vastaanottajat',
  source: { ADDRESS_BOOK: 'Osoitekirja', ORDER: 'Aiempi tilaus' },
};

const fr: Texts = {
  allOrNothing: 'Tout déplacer ou rien',
  allOrNothingHint:
    'Si l’une des commandes ne peut pas être déplacée, aucune ne l’est et chaque commande refusée est listée.',
  keptBack: 'non déplacée : le déplacement vaut pour toutes ou aucune',
  findRecipient: 'Retrouver un destinataire précédent',
  findRecipientHint: 'Téléphone, e-mail ou partie du nom',
  find: 'Rechercher',
  noRecipient: 'Aucun destinataire précédent trouvé',
  recipients: 'Destinataires précédents',
  source: { ADDRESS_BOOK: 'Carnet d’adresses', ORDER: 'Commande précédente' },
};

export const moveOrdersNewMessages: Record<Locale, Texts> = { en, nb, sv, da, fi, fr };
