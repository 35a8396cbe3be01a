import type { Language } from '../contracts/headers';

/**
 * Help with a hard feeling (spec 01 §2 feeling entry, regulation help): five strategies from the
 * research on emotion regulation, each with four techniques a person can do alone, anywhere, for
 * the time they have. The strategies follow the moments where a feeling can be changed: the body's
 * arousal, where attention goes, how the situation is read, what one does, and who one turns to.
 * The wording is written for this product; it is self-help, not treatment, and says so.
 */
export type Text = Record<Language, string>;

export interface Technique {
  id: string;
  title: Text;
  /** Why it helps, in one line. */
  why: Text;
  steps: readonly Text[];
}

export interface Strategy {
  id: string;
  title: Text;
  summary: Text;
  techniques: readonly Technique[];
}

/** The times a person can give a technique, in minutes. */
export const REGULATION_MINUTES = [5, 15, 30, 60] as const;
export type RegulationMinutes = (typeof REGULATION_MINUTES)[number];

const say = (fr: string, en: string, nl: string): Text => ({ fr, en, nl });

export const STRATEGIES: readonly Strategy[] = [
  {
    id: 'calm-body',
    title: say('Apaiser le corps', 'Calm the body', 'Het lichaam kalmeren'),
    summary: say(
      'Quand tout s’emballe, ralentir le souffle et relâcher les muscles fait baisser la tension.',
      'When everything speeds up, slowing the breath and loosening the muscles lowers the tension.',
      'Als alles versnelt, doen een tragere ademhaling en ontspannen spieren de spanning dalen.',
    ),
    techniques: [
      {
        id: 'slow-breathing',
        title: say('Respiration lente', 'Slow breathing', 'Trage ademhaling'),
        why: say(
          'Une expiration plus longue que l’inspiration active le système qui calme le cœur.',
          'Breathing out for longer than you breathe in engages the system that slows the heart.',
          'Langer uitademen dan inademen activeert het systeem dat het hart vertraagt.',
        ),
        steps: [
          say(
            'Asseyez-vous, les pieds à plat, une main sur le ventre.',
            'Sit with your feet flat and one hand on your belly.',
            'Ga zitten met je voeten plat en een hand op je buik.',
          ),
          say(
            'Inspirez par le nez en comptant jusqu’à 4.',
            'Breathe in through your nose for a count of 4.',
            'Adem in door je neus en tel tot 4.',
          ),
          say(
            'Expirez doucement par la bouche en comptant jusqu’à 6.',
            'Breathe out gently through your mouth for a count of 6.',
            'Adem rustig uit door je mond en tel tot 6.',
          ),
          say(
            'Recommencez sans forcer ; si vous perdez le compte, reprenez à 1.',
            'Keep going without forcing; if you lose count, start again at 1.',
            'Ga door zonder te forceren; tel je verkeerd, begin dan opnieuw bij 1.',
          ),
        ],
      },
      {
        id: 'double-sigh',
        title: say('Le double soupir', 'The double sigh', 'De dubbele zucht'),
        why: say(
          'Deux inspirations suivies d’une longue expiration font redescendre la tension en quelques cycles.',
          'Two breaths in followed by one long breath out bring tension down within a few rounds.',
          'Twee keer inademen gevolgd door één lange uitademing doet de spanning in enkele rondes dalen.',
        ),
        steps: [
          say(
            'Inspirez profondément par le nez.',
            'Breathe in deeply through your nose.',
            'Adem diep in door je neus.',
          ),
          say(
            'Sans expirer, ajoutez une petite inspiration pour remplir les poumons.',
            'Without breathing out, add a short second breath to fill your lungs.',
            'Adem zonder uit te ademen nog een korte keer bij om je longen te vullen.',
          ),
          say(
            'Expirez lentement et longuement par la bouche, jusqu’au bout.',
            'Breathe out slowly and fully through your mouth.',
            'Adem langzaam en volledig uit door je mond.',
          ),
          say(
            'Faites-en trois, puis respirez normalement un moment avant de recommencer.',
            'Do three, then breathe normally for a while before the next three.',
            'Doe er drie, adem dan even gewoon en begin opnieuw.',
          ),
        ],
      },
      {
        id: 'muscle-release',
        title: say('Contracter puis relâcher', 'Tense and release', 'Aanspannen en loslaten'),
        why: say(
          'Sentir la différence entre tension et détente apprend au corps à lâcher prise.',
          'Feeling the difference between tension and ease teaches the body to let go.',
          'Het verschil voelen tussen spanning en ontspanning leert het lichaam loslaten.',
        ),
        steps: [
          say(
            'Serrez les poings fort pendant 5 secondes, puis relâchez pendant 10.',
            'Clench your fists hard for 5 seconds, then let go for 10.',
            'Bal je vuisten 5 seconden stevig, laat dan 10 seconden los.',
          ),
          say(
            'Faites de même avec les épaules, remontées vers les oreilles.',
            'Do the same with your shoulders, raised towards your ears.',
            'Doe hetzelfde met je schouders, opgetrokken naar je oren.',
          ),
          say(
            'Puis le visage, les cuisses et les pieds.',
            'Then your face, your thighs and your feet.',
            'Daarna je gezicht, je dijen en je voeten.',
          ),
          say(
            'Terminez en remarquant les zones devenues plus lourdes et plus chaudes.',
            'End by noticing the parts that now feel heavier and warmer.',
            'Sluit af door op te merken welke delen nu zwaarder en warmer aanvoelen.',
          ),
        ],
      },
      {
        id: 'cool-down',
        title: say('Rafraîchir', 'Cool down', 'Afkoelen'),
        why: say(
          'Le froid sur le visage ralentit le cœur : utile quand l’émotion est très forte.',
          'Cold on the face slows the heart: useful when the feeling is very strong.',
          'Koude op het gezicht vertraagt het hart: handig als het gevoel heel sterk is.',
        ),
        steps: [
          say(
            'Passez de l’eau fraîche sur le visage, ou tenez une boisson fraîche contre vos joues.',
            'Splash cool water on your face, or hold a cold drink against your cheeks.',
            'Spat fris water in je gezicht, of hou een koude drank tegen je wangen.',
          ),
          say(
            'Retenez un instant votre souffle, puis expirez lentement.',
            'Hold your breath for a moment, then breathe out slowly.',
            'Hou even je adem in en adem dan langzaam uit.',
          ),
          say(
            'Répétez deux ou trois fois, en restant attentif à votre rythme cardiaque.',
            'Repeat two or three times, noticing your heartbeat.',
            'Herhaal twee of drie keer en let op je hartslag.',
          ),
          say(
            'Évitez l’eau glacée si vous avez un problème cardiaque.',
            'Avoid ice-cold water if you have a heart condition.',
            'Vermijd ijskoud water als je een hartprobleem hebt.',
          ),
        ],
      },
    ],
  },
  {
    id: 'ground-attention',
    title: say('Ancrer l’attention', 'Ground your attention', 'Je aandacht verankeren'),
    summary: say(
      'Ramener l’attention sur ici et maintenant coupe le fil des pensées qui tournent en boucle.',
      'Bringing attention back to here and now breaks the loop of circling thoughts.',
      'Je aandacht terugbrengen naar hier en nu doorbreekt het rondjes draaien van gedachten.',
    ),
    techniques: [
      {
        id: 'five-senses',
        title: say('5-4-3-2-1', '5-4-3-2-1', '5-4-3-2-1'),
        why: say(
          'Nommer ce que perçoivent les sens occupe l’attention avec le présent.',
          'Naming what your senses pick up fills your attention with the present.',
          'Benoemen wat je zintuigen waarnemen vult je aandacht met het heden.',
        ),
        steps: [
          say(
            'Nommez 5 choses que vous voyez.',
            'Name 5 things you can see.',
            'Benoem 5 dingen die je ziet.',
          ),
          say(
            'Puis 4 choses que vous pouvez toucher, et touchez-les.',
            'Then 4 things you can touch, and touch them.',
            'Dan 4 dingen die je kunt aanraken, en raak ze aan.',
          ),
          say(
            'Puis 3 sons, 2 odeurs et 1 goût.',
            'Then 3 sounds, 2 smells and 1 taste.',
            'Dan 3 geluiden, 2 geuren en 1 smaak.',
          ),
          say(
            'Recommencez lentement, avec d’autres choses.',
            'Start again slowly, with other things.',
            'Begin langzaam opnieuw, met andere dingen.',
          ),
        ],
      },
      {
        id: 'name-it',
        title: say('Mettre un mot dessus', 'Name it', 'Benoem het'),
        why: say(
          'Mettre un mot précis sur une émotion en réduit l’intensité.',
          'Putting a precise word on a feeling lowers its intensity.',
          'Een precies woord op een gevoel plakken vermindert de intensiteit.',
        ),
        steps: [
          say(
            'Dites ou écrivez : « Je remarque que je ressens… ».',
            'Say or write: “I notice that I feel…”.',
            'Zeg of schrijf: “Ik merk dat ik me … voel”.',
          ),
          say(
            'Cherchez le mot le plus juste, pas seulement « mal ».',
            'Look for the most exact word, not just “bad”.',
            'Zoek het meest precieze woord, niet alleen “slecht”.',
          ),
          say(
            'Notez où vous le sentez dans le corps.',
            'Note where you feel it in your body.',
            'Merk op waar je het in je lichaam voelt.',
          ),
          say(
            'Laissez-le être là, sans chercher à le chasser.',
            'Let it be there, without trying to push it away.',
            'Laat het er zijn, zonder het weg te duwen.',
          ),
        ],
      },
      {
        id: 'body-scan',
        title: say('Balayage du corps', 'Body scan', 'Bodyscan'),
        why: say(
          'Parcourir le corps lentement installe un calme attentif.',
          'Moving slowly through the body brings a calm, attentive state.',
          'Langzaam door het lichaam gaan brengt een rustige aandacht.',
        ),
        steps: [
          say(
            'Installez-vous et fermez les yeux si vous le souhaitez.',
            'Settle down and close your eyes if you like.',
            'Ga rustig zitten of liggen en sluit je ogen als je wilt.',
          ),
          say(
            'Portez l’attention sur vos pieds, puis remontez lentement.',
            'Bring your attention to your feet, then move slowly upwards.',
            'Breng je aandacht naar je voeten en ga dan langzaam omhoog.',
          ),
          say(
            'À chaque zone, notez les sensations sans les juger.',
            'At each part, notice the sensations without judging them.',
            'Merk bij elk deel de gewaarwordingen op zonder te oordelen.',
          ),
          say(
            'Quand l’esprit s’égare, revenez simplement à la zone en cours.',
            'When your mind wanders, simply come back to where you were.',
            'Dwalen je gedachten af, keer dan gewoon terug naar waar je was.',
          ),
        ],
      },
      {
        id: 'one-task',
        title: say('Une seule chose', 'One thing only', 'Eén ding tegelijk'),
        why: say(
          'Une tâche simple faite avec toute son attention laisse moins de place à la rumination.',
          'A simple task done with full attention leaves less room for brooding.',
          'Een eenvoudige taak met volle aandacht laat minder ruimte voor piekeren.',
        ),
        steps: [
          say(
            'Choisissez une tâche simple : faire la vaisselle, plier du linge, dessiner.',
            'Pick a simple task: washing up, folding laundry, drawing.',
            'Kies een eenvoudige taak: afwassen, was plooien, tekenen.',
          ),
          say(
            'Faites-la lentement, en remarquant chaque geste.',
            'Do it slowly, noticing each movement.',
            'Doe het langzaam en merk elke beweging op.',
          ),
          say(
            'Quand une pensée arrive, notez « pensée » et revenez au geste.',
            'When a thought comes, note “thought” and return to the movement.',
            'Komt er een gedachte, zeg dan “gedachte” en keer terug naar de beweging.',
          ),
        ],
      },
    ],
  },
  {
    id: 'reframe',
    title: say('Voir autrement', 'See it differently', 'Het anders bekijken'),
    summary: say(
      'La façon de lire une situation change ce qu’on ressent : on peut chercher une lecture plus juste.',
      'How you read a situation shapes how you feel: you can look for a fairer reading.',
      'Hoe je een situatie leest, bepaalt wat je voelt: je kunt een eerlijkere lezing zoeken.',
    ),
    techniques: [
      {
        id: 'facts-or-story',
        title: say('Faits ou histoire ?', 'Facts or story?', 'Feiten of verhaal?'),
        why: say(
          'Séparer ce qui s’est passé de ce qu’on s’en raconte réduit les conclusions trop rapides.',
          'Separating what happened from what you tell yourself about it curbs hasty conclusions.',
          'Wat er gebeurde scheiden van wat je jezelf erover vertelt, remt snelle conclusies af.',
        ),
        steps: [
          say(
            'Écrivez ce qui s’est passé, comme le filmerait une caméra.',
            'Write down what happened, as a camera would have filmed it.',
            'Schrijf op wat er gebeurde, zoals een camera het zou filmen.',
          ),
          say(
            'Écrivez ensuite ce que vous vous dites à ce sujet.',
            'Then write what you are telling yourself about it.',
            'Schrijf daarna op wat je jezelf erover vertelt.',
          ),
          say(
            'Pour chaque idée, cherchez ce qui la confirme et ce qui la contredit.',
            'For each idea, look for what supports it and what goes against it.',
            'Zoek voor elke gedachte wat ze bevestigt en wat ze tegenspreekt.',
          ),
          say(
            'Formulez une lecture plus équilibrée, même un peu.',
            'Write a more balanced reading, even slightly.',
            'Schrijf een evenwichtiger lezing, al is het maar een beetje.',
          ),
        ],
      },
      {
        id: 'friend-view',
        title: say('Le regard d’un ami', 'A friend’s eyes', 'Door de ogen van een vriend'),
        why: say(
          'Prendre du recul, comme pour quelqu’un d’autre, rend plus bienveillant et plus lucide.',
          'Stepping back, as you would for someone else, makes you kinder and clearer.',
          'Afstand nemen, zoals je voor iemand anders zou doen, maakt je milder en helderder.',
        ),
        steps: [
          say(
            'Imaginez qu’un ami proche vit exactement la même situation.',
            'Imagine a close friend is in exactly the same situation.',
            'Stel je voor dat een goede vriend precies hetzelfde meemaakt.',
          ),
          say(
            'Que lui diriez-vous ? Écrivez-le.',
            'What would you tell them? Write it down.',
            'Wat zou je tegen die persoon zeggen? Schrijf het op.',
          ),
          say(
            'Relisez ces mots en vous les adressant, avec votre prénom.',
            'Read the words again, addressed to yourself, using your own name.',
            'Lees de woorden opnieuw, gericht aan jezelf, met je eigen naam.',
          ),
        ],
      },
      {
        id: 'zoom-out',
        title: say('Prendre de la distance dans le temps', 'Zoom out in time', 'Uitzoomen in de tijd'),
        why: say(
          'Se demander ce que cela pèsera plus tard remet la situation à sa juste place.',
          'Asking how much this will weigh later puts the situation in proportion.',
          'Je afvragen hoe zwaar dit later zal wegen, zet de situatie in verhouding.',
        ),
        steps: [
          say(
            'Demandez-vous : qu’en penserai-je dans une semaine ? Dans un an ?',
            'Ask yourself: what will I think of this in a week? In a year?',
            'Vraag je af: wat denk ik hierover over een week? Over een jaar?',
          ),
          say(
            'Rappelez-vous une difficulté passée que vous avez traversée.',
            'Recall a past difficulty that you got through.',
            'Denk aan een vroegere moeilijkheid die je doorstaan hebt.',
          ),
          say(
            'Notez ce qui vous a aidé alors et pourrait aider maintenant.',
            'Note what helped you then and could help now.',
            'Schrijf op wat je toen hielp en nu zou kunnen helpen.',
          ),
        ],
      },
      {
        id: 'in-my-hands',
        title: say('Ce qui dépend de moi', 'What is in my hands', 'Wat in mijn handen ligt'),
        why: say(
          'Distinguer ce qu’on peut changer de ce qu’on ne peut pas oriente l’énergie là où elle sert.',
          'Telling what you can change from what you cannot puts your energy where it helps.',
          'Onderscheiden wat je kunt veranderen en wat niet, zet je energie in waar ze helpt.',
        ),
        steps: [
          say(
            'Tracez deux colonnes : « je peux agir » et « je ne peux pas agir ».',
            'Draw two columns: “I can act” and “I cannot act”.',
            'Teken twee kolommen: “ik kan iets doen” en “ik kan niets doen”.',
          ),
          say(
            'Répartissez-y les éléments de la situation.',
            'Sort the parts of the situation into them.',
            'Verdeel de onderdelen van de situatie erover.',
          ),
          say(
            'Choisissez une petite action dans la première colonne, pour aujourd’hui.',
            'Choose one small action from the first column, for today.',
            'Kies één kleine actie uit de eerste kolom, voor vandaag.',
          ),
          say(
            'Pour la seconde, essayez de dire : « c’est ainsi pour l’instant ».',
            'For the second, try saying: “this is how it is for now”.',
            'Zeg bij de tweede: “zo is het voorlopig”.',
          ),
        ],
      },
    ],
  },
  {
    id: 'move',
    title: say('Bouger', 'Move', 'Bewegen'),
    summary: say(
      'Le mouvement et une petite activité agréable changent l’humeur plus vite qu’on ne le croit.',
      'Movement and a small pleasant activity change mood faster than you would expect.',
      'Beweging en een kleine aangename activiteit veranderen je stemming sneller dan je denkt.',
    ),
    techniques: [
      {
        id: 'brisk-walk',
        title: say('Marche rapide', 'Brisk walk', 'Stevig wandelen'),
        why: say(
          'Quelques minutes de marche rapide, dehors si possible, font baisser la tension et remontent l’énergie.',
          'A few minutes of brisk walking, outdoors if you can, lower tension and lift energy.',
          'Enkele minuten stevig wandelen, buiten als het kan, verlagen de spanning en geven energie.',
        ),
        steps: [
          say(
            'Sortez, ou marchez dans un couloir ou un escalier.',
            'Go outside, or walk along a corridor or up the stairs.',
            'Ga naar buiten, of wandel door een gang of de trap op.',
          ),
          say(
            'Marchez assez vite pour sentir votre souffle s’accélérer.',
            'Walk fast enough to feel your breathing pick up.',
            'Wandel snel genoeg om je ademhaling te voelen versnellen.',
          ),
          say(
            'Regardez autour de vous : couleurs, arbres, ciel.',
            'Look around you: colours, trees, sky.',
            'Kijk om je heen: kleuren, bomen, lucht.',
          ),
        ],
      },
      {
        id: 'shake-stretch',
        title: say('Secouer et s’étirer', 'Shake and stretch', 'Schudden en strekken'),
        why: say(
          'Secouer le corps et s’étirer relâche la tension accumulée dans les muscles.',
          'Shaking the body and stretching release tension stored in the muscles.',
          'Je lichaam schudden en strekken laat spanning in je spieren los.',
        ),
        steps: [
          say(
            'Debout, secouez les mains, puis les bras, puis tout le corps, 30 secondes.',
            'Standing, shake your hands, then your arms, then your whole body, for 30 seconds.',
            'Schud rechtstaand je handen, dan je armen, dan je hele lichaam, 30 seconden.',
          ),
          say(
            'Étirez-vous vers le haut, bras tendus, en inspirant.',
            'Stretch upwards with your arms raised as you breathe in.',
            'Strek je naar boven met je armen omhoog terwijl je inademt.',
          ),
          say(
            'Penchez-vous doucement en avant en expirant, sans forcer.',
            'Bend gently forward as you breathe out, without forcing.',
            'Buig zachtjes voorover terwijl je uitademt, zonder te forceren.',
          ),
        ],
      },
      {
        id: 'small-pleasure',
        title: say('Un petit plaisir', 'A small pleasure', 'Een klein plezier'),
        why: say(
          'Faire exprès quelque chose d’agréable, même petit, nourrit l’humeur au lieu d’attendre qu’elle change.',
          'Doing something pleasant on purpose, however small, feeds your mood instead of waiting for it to change.',
          'Bewust iets aangenaams doen, hoe klein ook, voedt je stemming in plaats van te wachten tot ze verandert.',
        ),
        steps: [
          say(
            'Choisissez une chose agréable faisable maintenant : une musique, un thé, une fenêtre ouverte.',
            'Choose something pleasant you can do now: a song, a tea, an open window.',
            'Kies iets aangenaams dat nu kan: een liedje, een thee, een open raam.',
          ),
          say(
            'Faites-la pleinement, sans écran à côté.',
            'Do it fully, without a screen alongside.',
            'Doe het helemaal, zonder scherm ernaast.',
          ),
          say(
            'Remarquez ce qui vous plaît dans ce moment.',
            'Notice what you enjoy in the moment.',
            'Merk op wat je fijn vindt aan dit moment.',
          ),
        ],
      },
      {
        id: 'tidy-one-thing',
        title: say('Ranger une seule chose', 'Sort out one thing', 'Eén ding opruimen'),
        why: say(
          'Finir une petite tâche redonne un sentiment de prise sur les choses.',
          'Finishing one small task gives back a sense of control.',
          'Eén kleine taak afwerken geeft een gevoel van controle terug.',
        ),
        steps: [
          say(
            'Choisissez une tâche qui tient dans le temps choisi : un tiroir, un mail, un bureau.',
            'Pick a task that fits the time you chose: a drawer, an email, a desk.',
            'Kies een taak die in de gekozen tijd past: een lade, een mail, een bureau.',
          ),
          say(
            'Faites-la jusqu’au bout, sans en commencer une autre.',
            'Finish it without starting another one.',
            'Werk ze af zonder aan een andere te beginnen.',
          ),
          say(
            'Prenez un instant pour constater le travail fait.',
            'Take a moment to look at what you have done.',
            'Neem even de tijd om te zien wat je gedaan hebt.',
          ),
        ],
      },
    ],
  },
  {
    id: 'connect',
    title: say('Se relier', 'Connect', 'Verbinding zoeken'),
    summary: say(
      'Partager ce qu’on vit, ou se parler avec bienveillance, allège ce qu’on porte seul.',
      'Sharing what you go through, or speaking to yourself kindly, lightens what you carry alone.',
      'Delen wat je meemaakt, of mild tegen jezelf spreken, verlicht wat je alleen draagt.',
    ),
    techniques: [
      {
        id: 'reach-out',
        title: say('Contacter quelqu’un', 'Reach out', 'Contact opnemen'),
        why: say(
          'Un échange, même court, avec une personne de confiance apaise et remet en perspective.',
          'A conversation, even a short one, with someone you trust soothes and restores perspective.',
          'Een gesprek, ook een kort, met iemand die je vertrouwt, kalmeert en brengt perspectief.',
        ),
        steps: [
          say(
            'Pensez à une personne qui vous fait du bien.',
            'Think of someone who is good for you.',
            'Denk aan iemand bij wie je je goed voelt.',
          ),
          say(
            'Envoyez un message ou appelez, sans attendre d’aller mieux.',
            'Send a message or call, without waiting to feel better first.',
            'Stuur een bericht of bel, zonder te wachten tot je je beter voelt.',
          ),
          say(
            'Dites simplement comment vous allez, ou parlez d’autre chose.',
            'Simply say how you are, or talk about something else.',
            'Zeg gewoon hoe het gaat, of praat over iets anders.',
          ),
        ],
      },
      {
        id: 'self-compassion',
        title: say('Une pause bienveillante', 'A kind pause', 'Een milde pauze'),
        why: say(
          'Se traiter avec la gentillesse qu’on offrirait à un proche réduit l’autocritique et l’anxiété.',
          'Treating yourself with the kindness you would show a friend reduces self-criticism and anxiety.',
          'Jezelf behandelen met de vriendelijkheid die je een vriend zou geven, vermindert zelfkritiek en angst.',
        ),
        steps: [
          say(
            'Reconnaissez : « c’est un moment difficile ».',
            'Acknowledge: “this is a hard moment”.',
            'Erken: “dit is een moeilijk moment”.',
          ),
          say(
            'Rappelez-vous : « d’autres vivent cela aussi, je ne suis pas seul ».',
            'Remind yourself: “others go through this too; I am not alone”.',
            'Herinner jezelf: “anderen maken dit ook mee, ik ben niet alleen”.',
          ),
          say(
            'Posez une main sur le cœur et dites-vous une phrase douce.',
            'Put a hand on your heart and tell yourself something kind.',
            'Leg een hand op je hart en zeg iets liefs tegen jezelf.',
          ),
        ],
      },
      {
        id: 'write-it',
        title: say('L’écrire', 'Write it down', 'Het opschrijven'),
        why: say(
          'Écrire librement sur ce qu’on ressent aide à y voir plus clair et à s’en détacher.',
          'Writing freely about what you feel helps you see it more clearly and step back from it.',
          'Vrij schrijven over wat je voelt, helpt je het helderder te zien en er afstand van te nemen.',
        ),
        steps: [
          say(
            'Écrivez sans vous arrêter ce que vous ressentez et pourquoi.',
            'Write without stopping about what you feel and why.',
            'Schrijf zonder te stoppen wat je voelt en waarom.',
          ),
          say(
            'Ne corrigez rien : personne d’autre ne lira.',
            'Correct nothing: nobody else will read it.',
            'Verbeter niets: niemand anders leest het.',
          ),
          say(
            'Terminez par une phrase sur ce dont vous avez besoin maintenant.',
            'End with one sentence about what you need now.',
            'Eindig met één zin over wat je nu nodig hebt.',
          ),
          say(
            'Vous pouvez en garder une trace dans une note privée de votre émotion.',
            'You can keep a trace of it in a private note on your feeling.',
            'Je kunt er een spoor van bewaren in een privénotitie bij je gevoel.',
          ),
        ],
      },
      {
        id: 'ask-help',
        title: say('Demander de l’aide', 'Ask for help', 'Hulp vragen'),
        why: say(
          'Quand un mal-être dure ou devient trop lourd, en parler à un professionnel est une force.',
          'When distress lasts or becomes too heavy, talking to a professional is a strength.',
          'Als een slecht gevoel blijft duren of te zwaar wordt, is praten met een professional een kracht.',
        ),
        steps: [
          say(
            'Notez depuis quand vous vous sentez ainsi, et ce qui pèse le plus.',
            'Note how long you have felt this way and what weighs most.',
            'Schrijf op hoe lang je je al zo voelt en wat het zwaarst weegt.',
          ),
          say(
            'Contactez votre médecin, un psychologue ou le service d’aide de votre organisation.',
            'Contact your doctor, a psychologist or your organisation’s support service.',
            'Neem contact op met je huisarts, een psycholoog of de hulpdienst van je organisatie.',
          ),
          say(
            'En cas de danger immédiat, appelez le 112.',
            'If you are in immediate danger, call 112.',
            'Ben je in onmiddellijk gevaar, bel dan 112.',
          ),
        ],
      },
    ],
  },
];
