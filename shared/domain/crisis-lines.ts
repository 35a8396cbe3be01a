import type { Language } from '../contracts/headers';

/**
 * Crisis lines: who to call now, in the person's country, when they may be at risk for their life.
 * It is meant to be the one place the product keeps these numbers: when the assistant's crisis
 * pathway stops (shared/domain/crisis.ts decides when), it shows a country's entries in this order.
 *
 * This file is data reviewed by hand, not generated. Every entry cites the pages its facts were read
 * on and the day they were read; all were checked on 2026-12-07 (CRISIS_LINES_CHECKED_ON).
 * `verified: false` marks an entry whose number, phone hours or cost could not all be confirmed on
 * the cited pages; `unverified` says what is missing. An entry's facts are never completed from
 * memory: what no source says is left out (no chat address), empty (no languages) or `null` (cost).
 * How and when to review it: docs/crisis-lines.md.
 *
 * The emergency number 112 works, free of charge, in every country of the European Union: it is the
 * fallback when the person's country is not known.
 */

/** The countries the product serves. */
export const CRISIS_COUNTRIES = ['BE', 'FR', 'LU'] as const;
export type CrisisCountry = (typeof CRISIS_COUNTRIES)[number];

/** The day every entry below was last checked against its sources. */
export const CRISIS_LINES_CHECKED_ON = '2026-12-07';

/** A short text in each language of the product. */
export type CrisisText = Readonly<Record<Language, string>>;

/**
 * The order a country's lines are shown in: emergency numbers first (call when a life is in
 * immediate danger), then the suicide-prevention line, then listening lines.
 */
export const CRISIS_LINE_KINDS = ['emergency', 'suicide-prevention', 'listening'] as const;
export type CrisisLineKind = (typeof CRISIS_LINE_KINDS)[number];

/** Languages a line answers in: ISO 639-1, and `fsl` (French Sign Language, ISO 639-3). */
export type CrisisLineLanguage = 'fr' | 'nl' | 'de' | 'en' | 'lb' | 'pt' | 'fsl';

/** Open day and night, or the hours as the source gives them (or a pointer to the service's site). */
export type CrisisLineHours =
  { readonly always: true } | { readonly always: false; readonly text: CrisisText };

export interface CrisisLineSource {
  readonly url: string;
  /** The day the page was read (YYYY-MM-DD). */
  readonly checkedOn: string;
  /** Whose page: the service's own, a public authority's, the press, or another organisation's. */
  readonly publisher: 'service' | 'government' | 'press' | 'other';
  /** What the page confirms, for the reviewer. */
  readonly confirms: string;
}

export interface CrisisLine {
  /** Stable: the UI and the logs name a line by it. */
  readonly id: string;
  readonly kind: CrisisLineKind;
  /** The service's own name, in its own language. */
  readonly name: string;
  /** The number as it is dialled in the country, with its usual spacing. */
  readonly number: string;
  /**
   * The value of a `tel:` link: E.164 (`+3280032123`) for a full number, the short form (`112`,
   * `3114`) for a number that only works inside the country.
   */
  readonly tel: string;
  /** False for a number that is reached by text (SMS, app), not by a voice call: the 114. */
  readonly voiceCall: boolean;
  readonly description: CrisisText;
  /** What the sources say it answers in; empty when they do not say. */
  readonly languages: readonly CrisisLineLanguage[];
  readonly hours: CrisisLineHours;
  /** Whether calling is free; `null` when no source confirms it. */
  readonly free: boolean | null;
  /** True for the numbers to call when a life is in immediate danger (112, 15). */
  readonly emergency: boolean;
  readonly chat?: { readonly url: string; readonly hours: CrisisLineHours };
  /** An `sms:` address. */
  readonly sms?: string;
  readonly sources: readonly CrisisLineSource[];
  /** Number, phone hours and cost all confirmed on the sources above. */
  readonly verified: boolean;
  /** What the sources did not confirm (required when `verified` is false), for the reviewer. */
  readonly unverified: readonly string[];
}

const ALWAYS: CrisisLineHours = { always: true };

const say = (fr: string, en: string, nl: string): CrisisText => ({ fr, en, nl });

const hoursText = (fr: string, en: string, nl: string): CrisisLineHours => ({
  always: false,
  text: say(fr, en, nl),
});

/** Hours no source confirms: the person is sent to the service's own site. */
const HOURS_ON_SITE = hoursText(
  'Horaires à vérifier sur le site du service',
  'Check the hours on the service’s website',
  'Controleer de openingsuren op de website van de dienst',
);

const checked = (
  url: string,
  publisher: CrisisLineSource['publisher'],
  confirms: string,
): CrisisLineSource => ({ url, checkedOn: CRISIS_LINES_CHECKED_ON, publisher, confirms });

const POLICE_BE_EMERGENCY_NUMBERS = checked(
  'https://www.police.be/5998/fr/contact/numeros-durgence',
  'government',
  '112 is the only emergency number that can be called free of charge throughout Europe (fire, medical, police); call centres answer 24/7; in Belgium police calls to 112 are transferred to 101.',
);

/** Service-Public.fr's page on emergency and listening numbers (fiche F33954), as published on a ministry's site. */
const SERVICE_PUBLIC_F33954 = checked(
  'https://associations.gouv.fr/1044-choix-siege-social-association.html?xml=F33954',
  'government',
  'Service-Public.fr fiche F33954: 15 (SAMU), 18 and 112 (usable in every EU country) are free, reachable 24/7 from a fixed or mobile phone; 114 by free SMS, video (Urgence 114 app) and chat, 24/7.',
);

const BE: readonly CrisisLine[] = [
  {
    id: 'be-112',
    kind: 'emergency',
    name: '112',
    number: '112',
    tel: '112',
    voiceCall: true,
    description: say(
      'Numéro d’urgence européen : ambulance, pompiers, police. Appelez si une vie est en danger immédiat. Gratuit, 24 h/24.',
      'European emergency number: ambulance, fire service, police. Call if a life is in immediate danger. Free, 24/7.',
      'Europees noodnummer: ambulance, brandweer, politie. Bel als een leven in direct gevaar is. Gratis, dag en nacht.',
    ),
    languages: [],
    hours: ALWAYS,
    free: true,
    emergency: true,
    sources: [
      POLICE_BE_EMERGENCY_NUMBERS,
      checked(
        'https://www.112.be/fr/',
        'government',
        'Same text as police.be: 112 free throughout Europe, call centres reachable 24/7.',
      ),
    ],
    verified: true,
    unverified: ['The languages the Belgian 112 centres answer in are not stated on these pages.'],
  },
  {
    id: 'be-cps-0800-32-123',
    kind: 'suicide-prevention',
    name: 'Centre de Prévention du Suicide',
    number: '0800 32 123',
    tel: '+3280032123',
    voiceCall: true,
    description: say(
      'Ligne d’écoute du Centre de Prévention du Suicide, pour toute personne qui pense au suicide ou s’inquiète pour un proche. Gratuite, anonyme, 24 h/24, en français.',
      'Listening line of the Centre de Prévention du Suicide, for anyone thinking about suicide or worried about someone. Free, anonymous, 24/7, in French.',
      'Luisterlijn van het Centre de Prévention du Suicide, voor wie aan zelfdoding denkt of zich zorgen maakt om iemand. Gratis, anoniem, dag en nacht, in het Frans.',
    ),
    languages: ['fr'],
    hours: ALWAYS,
    free: true,
    emergency: false,
    sources: [
      checked(
        'https://www.preventionsuicide.be/fr/activitescps/ligne0800.html',
        'service',
        'The crisis line 0800 32 123: someone listens 24 hours a day, anonymously.',
      ),
      checked(
        'https://www.preventionsuicide.be/fr/je-veux-vous-conna%C3%AEtre/notre-mission.html',
        'service',
        'The centre’s listening line is 0800 32 123, answered by about sixty volunteers.',
      ),
      checked(
        'https://www.telesambre.be/info/societe/des-jeunes-sadressent-aux-jeunes-pour-prevenir-le-suicide/72685',
        'press',
        '0800/32.123: free, anonymous, 24h/24, 7 days a week.',
      ),
      checked(
        'https://www.lavenir.net/actu/belgique/2023/07/04/centre-de-prevention-du-suicide-un-pic-de-demandes-qui-temoigne-dune-detresse-croissante-TFC37Q5EAFGGFKISOLZSTWO4DU/',
        'press',
        'The line is free, anonymous and open to all of French-speaking Belgium.',
      ),
    ],
    verified: true,
    unverified: [
      'That the call is free is stated by the press (quoting the centre), not on the centre’s pages read.',
    ],
  },
  {
    id: 'be-zelfmoordlijn-1813',
    kind: 'suicide-prevention',
    name: 'Zelfmoordlijn 1813',
    number: '1813',
    tel: '1813',
    voiceCall: true,
    description: say(
      'Ligne flamande de prévention du suicide, en néerlandais. Appel gratuit et anonyme, 24 h/24 ; chat le soir sur le site.',
      'Flemish suicide-prevention line, in Dutch. Free and anonymous call, 24/7; chat in the evening on the website.',
      'Vlaamse lijn voor zelfmoordpreventie. Gratis en anoniem bellen, dag en nacht; ’s avonds chatten via de website.',
    ),
    languages: ['nl'],
    hours: ALWAYS,
    free: true,
    emergency: false,
    chat: {
      url: 'https://www.zelfmoord1813.be',
      hours: hoursText(
        'Le soir ; horaires sur le site',
        'In the evening; hours on the website',
        '’s Avonds; openingsuren op de website',
      ),
    },
    sources: [
      checked(
        'https://zelfmoord1813.be/blog/chat-zelfmoordlijn-langer-geopend',
        'service',
        'The Zelfmoordlijn is reached by phone on 1813 (24/7) and by chat and e-mail on www.zelfmoord1813.be (chat then 18:30–22:00; the post is undated).',
      ),
      checked(
        'https://www.online-hulpverlening.be/blog/tag/tele-onthaal/',
        'other',
        'Calling 1813 is free from a fixed or mobile phone, and anonymous; chat through the website.',
      ),
      checked(
        'https://www.hbvl.be/cnt/dmf20211130_93272468',
        'press',
        '2021-11: the phone line is reachable 24 hours a day; from 1 December 2021 the chat is open every day 17:00–24:00.',
      ),
    ],
    verified: true,
    unverified: [
      'Current chat hours: the service’s page gives 18:30–22:00 (undated), the press 17:00–24:00 from December 2021; neither is confirmed as current.',
    ],
  },
  {
    id: 'be-tele-accueil-107',
    kind: 'listening',
    name: 'Télé-Accueil',
    number: '107',
    tel: '107',
    voiceCall: true,
    description: say(
      'Écoute anonyme et gratuite, en français, pour toute personne qui a besoin de parler, de jour comme de nuit.',
      'Anonymous, free listening in French for anyone who needs to talk, day and night.',
      'Anoniem en gratis luisteren, in het Frans, voor wie nood heeft aan een gesprek, dag en nacht.',
    ),
    languages: ['fr'],
    hours: ALWAYS,
    free: true,
    emergency: false,
    sources: [
      checked(
        'https://www.rtbf.be/article/le-centre-tele-accueil-de-liege-a-l-ecoute-depuis-50-ans-11188471',
        'press',
        '2023-04: the number to call is 107; Télé-Accueil listens 24 hours a day; calls are anonymous, free and confidential.',
      ),
      checked(
        'https://www.lavenir.net/actu/2022/09/20/tele-accueilrecoit-de-plus-en-plus-dappels-lies-au-stress-financier-MXQOGX2HZFDTJHGHS72GRJW6XI/',
        'press',
        '2022-09: 107 is Télé-Accueil’s number, free, by phone or by chat; Tele-Onthaal is its Flemish counterpart.',
      ),
    ],
    verified: false,
    unverified: [
      'No page of Télé-Accueil itself was available: the number, the 24/7 hours and the free call are confirmed by the press only.',
      'Télé-Accueil has a chat (press), but its address was not confirmed, so none is given.',
    ],
  },
  {
    id: 'be-tele-onthaal-106',
    kind: 'listening',
    name: 'Tele-Onthaal',
    number: '106',
    tel: '106',
    voiceCall: true,
    description: say(
      'Écoute anonyme et gratuite, en néerlandais, pour toute personne qui a besoin de parler, de jour comme de nuit ; chat sur le site.',
      'Anonymous, free listening in Dutch for anyone who needs to talk, day and night; chat on the website.',
      'Anoniem en gratis praten met iemand die luistert, voor wie nood heeft aan een gesprek, dag en nacht; chatten via de website.',
    ),
    languages: ['nl'],
    hours: ALWAYS,
    free: true,
    emergency: false,
    chat: { url: 'https://www.tele-onthaal.be', hours: HOURS_ON_SITE },
    sources: [
      checked(
        'https://focus-wtv.be/nieuws/meer-oproepen-voor-tele-onthaal-vlaanderen-met-extra-geld-vrij',
        'press',
        '2025-08: anyone can call 106 free and anonymously, or chat through tele-onthaal.be.',
      ),
      checked(
        'https://ruraalnetwerk.be/node/2410',
        'other',
        'A Tele-Onthaal director: the phone is answered 24 hours a day, 7 days a week (chat in the evening; undated).',
      ),
      checked(
        'https://www.vrt.be/vrtnws/nl/2019/12/20/tele-onthaal-ook-tijdens-de-feestdagen-een-luisterend-oor-voor-w/',
        'press',
        '2019-12: Tele-Onthaal has no closing days.',
      ),
    ],
    verified: false,
    unverified: [
      'No page of Tele-Onthaal itself was available: the number, the 24/7 hours and the free call are confirmed by the press and a partner site only.',
      'Chat hours not confirmed.',
    ],
  },
];

const FR: readonly CrisisLine[] = [
  {
    id: 'fr-samu-15',
    kind: 'emergency',
    name: 'SAMU',
    number: '15',
    tel: '15',
    voiceCall: true,
    description: say(
      'Urgence médicale (SAMU) : appelez si une vie est en danger, y compris en cas de risque de passage à l’acte suicidaire imminent. Gratuit, 24 h/24.',
      'Medical emergency (SAMU): call if a life is in danger, including when a suicide attempt may be imminent. Free, 24/7.',
      'Medische noodhulp (SAMU): bel als een leven in gevaar is, ook bij een dreigende zelfmoordpoging. Gratis, dag en nacht.',
    ),
    languages: [],
    hours: ALWAYS,
    free: true,
    emergency: true,
    sources: [
      SERVICE_PUBLIC_F33954,
      checked(
        'https://www.1000-premiers-jours.fr/fr/les-numeros-durgence-connaitre',
        'government',
        'Santé publique France: 15 is the SAMU, for a life-threatening emergency; emergency numbers are free, 24h/24.',
      ),
      checked(
        'https://axaprevention.fr/fr/article/prevention-suicide-journee-mondiale',
        'other',
        'When a suicide attempt may be imminent, the SAMU (15) can be called at any hour.',
      ),
    ],
    verified: true,
    unverified: ['Languages are not stated on these pages.'],
  },
  {
    id: 'fr-112',
    kind: 'emergency',
    name: '112',
    number: '112',
    tel: '112',
    voiceCall: true,
    description: say(
      'Numéro d’urgence européen, valable dans tous les pays de l’Union européenne : il oriente vers le bon service. Gratuit, 24 h/24.',
      'European emergency number, valid in every EU country: it puts you through to the right service. Free, 24/7.',
      'Europees noodnummer, geldig in elk EU-land: het verbindt door naar de juiste dienst. Gratis, dag en nacht.',
    ),
    languages: [],
    hours: ALWAYS,
    free: true,
    emergency: true,
    sources: [
      SERVICE_PUBLIC_F33954,
      checked(
        'https://www.1000-premiers-jours.fr/fr/les-numeros-durgence-connaitre',
        'government',
        'Santé publique France: 112 is the European emergency number, usable in every EU country whatever the emergency.',
      ),
    ],
    verified: true,
    unverified: ['Languages are not stated on these pages.'],
  },
  {
    id: 'fr-114',
    kind: 'emergency',
    name: 'Urgence 114',
    number: '114',
    tel: '114',
    voiceCall: false,
    description: say(
      'Urgences par SMS, tchat ou visio (application Urgence 114) pour les personnes sourdes, malentendantes ou qui ne peuvent pas parler, ou qui doivent appeler discrètement. Gratuit, 24 h/24.',
      'Emergencies by text message, chat or video (Urgence 114 app) for people who are deaf, hard of hearing or cannot speak, or must call discreetly. Free, 24/7.',
      'Noodgevallen via sms, chat of video (app Urgence 114) voor wie doof of slechthorend is, niet kan spreken of ongemerkt hulp moet vragen. Gratis, dag en nacht.',
    ),
    languages: ['fr', 'fsl'],
    hours: ALWAYS,
    free: true,
    emergency: true,
    chat: { url: 'https://www.urgence114.fr', hours: ALWAYS },
    sms: 'sms:114',
    sources: [
      SERVICE_PUBLIC_F33954,
      checked(
        'https://www.mamoudzou.yt/service-public/particuliers/?xml=F33954',
        'government',
        'The same Service-Public.fr fiche: a free SMS to 114, 24/7, also by video after installing the app.',
      ),
      checked(
        'https://informations.handicap.fr/a-114-n-durgence-pour-sourds-pas-assez-connu-36183.php',
        'press',
        'The 114 is reached by SMS, its website and the Urgence 114 app; agents trained in French Sign Language; free, 24/7; also for people who must call discreetly.',
      ),
      checked(
        'https://www.syndicat-infirmier.com/114-le-numero-d-urgence-par-SMS.html',
        'other',
        'The 114’s website is www.urgence114.fr.',
      ),
    ],
    verified: true,
    unverified: [
      'The chat address www.urgence114.fr is given by the press and a union’s page, not read on the site itself.',
    ],
  },
  {
    id: 'fr-3114',
    kind: 'suicide-prevention',
    name: '3114 – Numéro national de prévention du suicide',
    number: '3114',
    tel: '3114',
    voiceCall: true,
    description: say(
      'Numéro national de prévention du suicide : des soignants formés répondent aux personnes en détresse, à leurs proches et aux personnes endeuillées. Gratuit, confidentiel, 24 h/24.',
      'National suicide-prevention number: trained health professionals answer people in distress, those worried about them and the bereaved. Free, confidential, 24/7.',
      'Nationaal nummer voor zelfmoordpreventie: opgeleide zorgverleners antwoorden mensen in nood, hun naasten en nabestaanden. Gratis, vertrouwelijk, dag en nacht.',
    ),
    languages: ['fr'],
    hours: ALWAYS,
    free: true,
    emergency: false,
    sources: [
      checked(
        'https://3114.fr/que-se-passe-t-il-quand-je-contacte-le-3114/',
        'service',
        'The 3114 is the national suicide-prevention line; calls go to the nearest available centre, which keeps the service running 24h/24 across France.',
      ),
      checked(
        'https://www.mayotte.ars.sante.fr/3114-le-numero-national-de-prevention-du-suicide',
        'government',
        'Number 3114; 24h/24 and 7 days a week; free; confidential; from mainland France and overseas; answered in French.',
      ),
    ],
    verified: true,
    unverified: [],
  },
  {
    id: 'fr-sos-amitie',
    kind: 'listening',
    name: 'S.O.S Amitié',
    number: '09 72 39 40 50',
    tel: '+33972394050',
    voiceCall: true,
    description: say(
      'Écoute anonyme par des bénévoles, pour toute personne en détresse ou isolée, de jour comme de nuit ; aussi par chat.',
      'Anonymous listening by volunteers, for anyone in distress or alone, day and night; also by chat.',
      'Anoniem luisteren door vrijwilligers, voor wie in nood of eenzaam is, dag en nacht; ook via chat.',
    ),
    languages: [],
    hours: ALWAYS,
    free: null,
    emergency: false,
    chat: { url: 'https://www.sos-amitie.com', hours: HOURS_ON_SITE },
    sources: [
      checked(
        'https://www.francebleu.fr/infos/societe/sos-amitie-croule-sous-les-appels-d-un-nouveau-public-depuis-le-debut-du-confinement-1585652341',
        'press',
        '2020-04: SOS Amitié’s common number is 09 72 39 40 50, answered 24/7; chat 7 days a week; e-mail answered within 48 hours.',
      ),
      checked(
        'https://www.francetvinfo.fr/societe/pendant-les-fetes-les-benevoles-de-sos-amitie-restent-mobilises-la-personne-appelle-en-pleurs-et-peu-a-peu-l-angoisse-se-desserre_4892343.html',
        'press',
        '2021-12: call 09 72 39 40 50 anywhere in France, at any hour of the day or night.',
      ),
    ],
    verified: false,
    unverified: [
      'No page of the SOS Amitié federation was available: the number and the 24/7 hours are confirmed by the press only.',
      'The cost of a call to 09 72 39 40 50 is not stated by any source read.',
      'The chat address sos-amitie.com comes from a regional member’s page served over http (http://www.sosamitiesudlorraine.fr/sos-amitie); chat hours not confirmed.',
    ],
  },
];

const LU: readonly CrisisLine[] = [
  {
    id: 'lu-112',
    kind: 'emergency',
    name: '112 – CGDIS',
    number: '112',
    tel: '112',
    voiceCall: true,
    description: say(
      'Secours d’urgence (ambulance, pompiers) et numéro d’urgence européen. Appelez si une vie est en danger immédiat. Gratuit, 24 h/24.',
      'Emergency rescue (ambulance, fire service) and the European emergency number. Call if a life is in immediate danger. Free, 24/7.',
      'Dringende hulp (ambulance, brandweer) en Europees noodnummer. Bel als een leven in direct gevaar is. Gratis, dag en nacht.',
    ),
    languages: ['lb', 'de', 'fr', 'en'],
    hours: ALWAYS,
    free: true,
    emergency: true,
    sources: [
      checked(
        'https://www.lessentiel.lu/fr/story/non-le-112-ne-vous-pretera-pas-sa-grande-echelle-pour-laver-vos-carreaux-356490091119',
        'press',
        'The CGDIS emergency call centre (112) works 24h/24, 7 days a week.',
      ),
      checked(
        'https://piwitsch.lu/fr/112-un-numero-de-telephone-vital/',
        'press',
        '2025-04, a CGDIS shift leader: 112 for medical emergencies, injuries and fire (police: 113); every operator speaks Luxembourgish, German, French and English.',
      ),
      POLICE_BE_EMERGENCY_NUMBERS,
    ],
    verified: true,
    unverified: [
      'No page of the CGDIS (112.lu) was available: hours and languages come from the press quoting the CGDIS; the free call from the Belgian authorities’ statement that 112 is free throughout Europe.',
    ],
  },
  {
    // Luxembourg has no national line dedicated to suicide prevention (the Chamber asked the
    // government for one, see the sources); SOS Détresse is the helpline that says it takes
    // suicidal crises, so it holds this place.
    id: 'lu-sos-detresse',
    kind: 'suicide-prevention',
    name: 'SOS Détresse – Hëllef iwwer Telefon',
    number: '45 45 45',
    tel: '+352454545',
    voiceCall: true,
    description: say(
      'Aide anonyme par téléphone, chat et e-mail pour les adultes en détresse, y compris en crise suicidaire. Le Luxembourg n’a pas de ligne nationale dédiée au suicide : en danger immédiat, appelez le 112.',
      'Anonymous help by phone, chat and e-mail for adults in distress, including suicidal crises. Luxembourg has no dedicated national suicide line: in immediate danger, call 112.',
      'Anonieme hulp via telefoon, chat en e-mail voor volwassenen in nood, ook bij suïcidale crisis. Luxemburg heeft geen nationale zelfmoordlijn: bij direct gevaar, bel 112.',
    ),
    languages: ['lb', 'de', 'fr', 'en'],
    hours: HOURS_ON_SITE,
    free: null,
    emergency: false,
    chat: { url: 'https://454545.lu', hours: HOURS_ON_SITE },
    sources: [
      checked(
        'https://454545.lu/en/17e-journee-mondiale-de-la-prevention-du-suicide',
        'service',
        'Nobody should stay alone with suicidal thoughts: SOS Détresse is available by phone on 45 45 45 and by online messaging.',
      ),
      checked(
        'https://454545.lu/de/50-jahre-sos-detresse-ein-halbes-jahrhundert-engagement/',
        'service',
        'Phone counselling also in English since 2022; direct chat since 2024.',
      ),
      checked(
        'https://luxtoday.lu/de/interview/arbeiten/50-jahre-hilfe-ein-interview-mit-sos-dtresse',
        'press',
        '2025-10, the director: help for adults, including in suicidal crises; by phone in Luxembourgish, German, French and English (chat and e-mail also in Portuguese); anonymous and confidential.',
      ),
      checked(
        'https://www.pressreader.com/luxembourg/luxemburger-wort/20240226/281685439784553',
        'press',
        '2024-02: the chat on 454545.lu opens on 4 March 2024, on Mondays and Thursdays 17:00–21:00.',
      ),
      checked(
        'https://lequotidien.lu/a-la-une/prevention-du-suicide-vers-un-numero-durgence-unique',
        'press',
        'The Chamber unanimously asks the government for a single number, like 112 or 113, for people in mental distress (a “119” is proposed): no such line existed then.',
      ),
    ],
    verified: false,
    unverified: [
      'Current phone hours: the latest source read (2015 press) gives 11:00–23:00 daily plus weekend nights; not confirmed as current, so none are given.',
      'Whether calling 45 45 45 is free is not stated by any source read.',
      'Current chat hours (Mondays and Thursdays 17:00–21:00 at its launch in 2024) not confirmed.',
      'That Luxembourg has no dedicated suicide line rests on the Chamber’s motion (undated article, after 2023 figures); a line opened since would not appear in the sources read.',
    ],
  },
  {
    id: 'lu-kanner-jugendtelefon',
    kind: 'listening',
    name: 'Kanner-Jugendtelefon (KJT)',
    number: '116 111',
    tel: '116111',
    voiceCall: true,
    description: say(
      'Écoute anonyme pour les enfants et les jeunes, et pour leurs proches ; aussi en ligne et par chat.',
      'Anonymous listening for children and young people, and for those close to them; also online and by chat.',
      'Anoniem luisteren voor kinderen en jongeren, en voor hun naasten; ook online en via chat.',
    ),
    languages: [],
    hours: HOURS_ON_SITE,
    free: null,
    emergency: false,
    chat: { url: 'https://www.kjt.lu', hours: HOURS_ON_SITE },
    sources: [
      checked(
        'https://www.kjt.lu/de/wer-wir-sind/',
        'service',
        'The KJT counsels children, young people and those close to them; phone 116 111, online help on www.kjt.lu, chat since 2021.',
      ),
      checked(
        'https://www.pressreader.com/luxembourg/luxemburger-wort/20220615/281509344846471',
        'press',
        '2022-06: calls are fully anonymous, the caller’s number is not shown; contact by phone or chat.',
      ),
    ],
    verified: false,
    unverified: [
      'Phone and chat hours are not stated by any source read.',
      'That the call is free is stated only on cij.lu, served over http; not confirmed on the KJT’s pages.',
      'Languages are not stated by any source read.',
    ],
  },
];

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Each country's lines, in the order they are shown (CRISIS_LINE_KINDS). */
export const CRISIS_LINES: Readonly<Record<CrisisCountry, readonly CrisisLine[]>> = deepFreeze({
  BE,
  FR,
  LU,
});

export function isCrisisCountry(value: string): value is CrisisCountry {
  return (CRISIS_COUNTRIES as readonly string[]).includes(value);
}

/**
 * The emergency numbers that work in all of the product's countries, once each: the 112 (the
 * first country's entry; its text is not specific to that country).
 */
export const CRISIS_LINES_FALLBACK: readonly CrisisLine[] = Object.freeze(
  CRISIS_COUNTRIES.flatMap((country) => CRISIS_LINES[country])
    .filter((line) => line.emergency && line.tel === '112')
    .filter((line, index, all) => all.findIndex((other) => other.tel === line.tel) === index),
);

/**
 * Who to call in a country (`BE`, `fr`, ` lu `: the case and spaces do not matter). Any other value,
 * or none, gives CRISIS_LINES_FALLBACK: the 112, which works throughout the European Union.
 */
export function crisisLinesFor(country: string | undefined): readonly CrisisLine[] {
  const code = country?.trim().toUpperCase() ?? '';
  return isCrisisCountry(code) ? CRISIS_LINES[code] : CRISIS_LINES_FALLBACK;
}
