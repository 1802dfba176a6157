import type { Locale } from '../locales';

/**
 * The net promoter question on the tracking page and its scores on the planner's reports page
 * (docs/decisions/0083-nps.md) in the six languages (the `nps` section of each language).
 */
const en = {
  nps: {
    question: 'How likely are you to recommend %{sender} to a friend or colleague?',
    scale: 'Score from 0 (not at all likely) to 10 (extremely likely)',
    notLikely: 'Not at all likely',
    veryLikely: 'Extremely likely',
    comment: 'Comment (optional)',
    send: 'Send',
    thanks: 'Thank you for your answer.',
    refused: 'Your answer could not be saved. Try again later.',
    scores: 'Net promoter score',
    customer: 'Customer',
    answers: 'Answers',
    promoters: 'Promoters (9–10)',
    passives: 'Passives (7–8)',
    detractors: 'Detractors (0–6)',
    score: 'NPS',
    total: 'Total',
    empty: 'No recipient answered for these days.',
    failed: 'The scores could not be loaded.',
  },
};

type Texts = typeof en;

const nb: Texts = {
  nps: {
    question: 'Hvor sannsynlig er det at du vil anbefale %{sender} til en venn eller kollega?',
    scale: 'Poeng fra 0 (svært usannsynlig) til 10 (svært sannsynlig)',
    notLikely: 'Svært usannsynlig',
    veryLikely: 'Svært sannsynlig',
    comment: 'Kommentar (valgfritt)',
    send: 'Send',
    thanks: 'Takk for svaret ditt.',
    refused: 'Svaret kunne ikke lagres. Prøv igjen senere.',
    scores: 'Net promoter score',
    customer: 'Kunde',
    answers: 'Svar',
    promoters: 'Ambassadører (9–10)',
    passives: 'Passive (7–8)',
    detractors: 'Kritikere (0–6)',
    score: 'NPS',
    total: 'Totalt',
    empty: 'Ingen mottakere svarte for disse dagene.',
    failed: 'Poengene kunne ikke lastes.',
  },
};

const sv: Texts = {
  nps: {
    question: 'Hur troligt är det att du skulle rekommendera %{sender} till en vän eller kollega?',
    scale: 'Poäng från 0 (inte alls troligt) till 10 (mycket troligt)',
    notLikely: 'Inte alls troligt',
    veryLikely: 'Mycket troligt',
    comment: 'Kommentar (valfritt)',
    send: 'Skicka',
    thanks: 'Tack för ditt svar.',
    refused: 'Svaret kunde inte sparas. Försök igen senare.',
    scores: 'Net promoter score',
    customer: 'Kund',
    answers: 'Svar',
    promoters: 'Ambassadörer (9–10)',
    passives: 'Passiva (7–8)',
    detractors: 'Kritiker (0–6)',
    score: 'NPS',
    total: 'Totalt',
    empty: 'Inga mottagare svarade för dessa dagar.',
    failed: 'Poängen kunde inte laddas.',
  },
};

const da: Texts = {
  nps: {
    question: 'Hvor sandsynligt er det, at du vil anbefale %{sender} til en ven eller kollega?',
    scale: 'Point fra 0 (slet ikke sandsynligt) til 10 (meget sandsynligt)',
    notLikely: 'Slet ikke sandsynligt',
    veryLikely: 'Meget sandsynligt',
    comment: 'Kommentar (valgfrit)',
    send: 'Send',
    thanks: 'Tak for dit svar.',
    refused: 'Svaret kunne ikke gemmes. Prøv igen senere.',
    scores: 'Net promoter score',
    customer: 'Kunde',
    answers: 'Svar',
    promoters: 'Ambassadører (9–10)',
    passives: 'Passive (7–8)',
    detractors: 'Kritikere (0–6)',
    score: 'NPS',
    total: 'I alt',
    empty: 'Ingen modtagere svarede for disse dage.',
    failed: 'Pointene kunne ikke indlæses.',
  },
};

const fi: Texts = {
  nps: {
    question: 'Kuinka todennäköisesti suosittelisit lähettäjää %{sender} ystävälle tai kollegalle?',
    scale: 'Pisteet 0 (en lainkaan todennäköisesti) – 10 (erittäin todennäköisesti)',
    notLikely: 'En lainkaan todennäköisesti',
    veryLikely: 'Erittäin todennäköisesti',
    comment: 'Kommentti (valinnainen)',
    send: 'Lähetä',
    thanks: 'Kiitos vastauksestasi.',
    refused: 'Vastausta ei voitu tallentaa. Yritä myöhemmin uudelleen.',
    scores: 'Net promoter score',
    customer: 'Asiakas',
    answers: 'Vastaukset',
    promoters: 'Suosittelijat (9–10)',
    passives: 'Passiiviset (7–8)',
    detractors: 'Arvostelijat (0–6)',
    score: 'NPS',
    total: 'Yhteensä',
    empty: 'Yksikään vastaanottaja ei vastannut näinä päivinä.',
    failed: 'Pisteitä ei voitu ladata.',
  },
};

const fr: Texts = {
  nps: {
    question: 'Quelle est la probabilité que vous recommandiez %{sender} à un ami ou un collègue ?',
    scale: 'Note de 0 (pas du tout probable) à 10 (très probable)',
    notLikely: 'Pas du tout probable',
    veryLikely: 'Très probable',
    comment: 'Commentaire (facultatif)',
    send: 'Envoyer',
    thanks: 'Merci pour votre réponse.',
    refused: 'Votre réponse n’a pas pu être enregistrée. Réessayez plus tard.',
    scores: 'Net promoter score',
    customer: 'Client',
    answers: 'Réponses',
    promoters: 'Promoteurs (9–10)',
    passives: 'Passifs (7–8)',
    detractors: 'Détracteurs (0–6)',
    score: 'NPS',
    total: 'Total',
    empty: 'Aucun destinataire n’a répondu pour ces jours.',
    failed: 'Les scores n’ont pas pu être chargés.',
  },
};

export const npsMessages: Record<Locale, Texts> = { en, nb, sv, da, fi, fr };
