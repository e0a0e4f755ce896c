//! Word lists for generated texts: families of inflected forms, so that searching by one form
//! finds the others only when morphology is on.

/// A language the generated texts are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Script {
    Russian,
    English,
}

/// The topic words of one category: each inner list is one word family (lemma first).
pub struct Topic {
    pub category: &'static str,
    pub russian: &'static [&'static [&'static str]],
    pub english: &'static [&'static [&'static str]],
    /// Title words in Latin letters, used for usernames.
    pub latin: &'static [&'static str],
}

pub const TOPICS: &[Topic] = &[
    Topic {
        category: "news",
        russian: &[
            &["новость", "новости", "новостей", "новостям", "новостями"],
            &["событие", "события", "событий", "событиях"],
            &["город", "города", "городе", "городов", "городам"],
            &["погода", "погоды", "погоде", "погоду"],
            &["происшествие", "происшествия", "происшествий"],
        ],
        english: &[
            &["news"],
            &["event", "events"],
            &["city", "cities"],
            &["weather"],
            &["incident", "incidents"],
        ],
        latin: &["news", "daily", "today", "headline"],
    },
    Topic {
        category: "politics",
        russian: &[
            &["выборы", "выборов", "выборах", "выборам", "выборами"],
            &[
                "президент",
                "президента",
                "президенту",
                "президентом",
                "президенте",
            ],
            &[
                "правительство",
                "правительства",
                "правительству",
                "правительством",
            ],
            &["закон", "закона", "законе", "законы", "законов"],
            &["депутат", "депутаты", "депутатов", "депутатам"],
        ],
        english: &[
            &["election", "elections", "electing", "elected"],
            &["president", "presidents"],
            &["government", "governments"],
            &["law", "laws"],
            &["senator", "senators"],
        ],
        latin: &["politics", "vote", "power", "policy"],
    },
    Topic {
        category: "economics",
        russian: &[
            &[
                "экономика",
                "экономики",
                "экономике",
                "экономику",
                "экономикой",
            ],
            &["рынок", "рынка", "рынке", "рынку", "рынки", "рынков"],
            &["цена", "цены", "цене", "цену", "цен", "ценами"],
            &["нефть", "нефти", "нефтью"],
            &["рубль", "рубля", "рублей", "рублю", "рублем"],
        ],
        english: &[
            &["economy", "economies"],
            &["market", "markets"],
            &["price", "prices", "pricing", "priced"],
            &["oil"],
            &["dollar", "dollars"],
        ],
        latin: &["economy", "market", "finance", "money"],
    },
    Topic {
        category: "tech",
        russian: &[
            &["технология", "технологии", "технологий", "технологиями"],
            &["приложение", "приложения", "приложений", "приложении"],
            &["смартфон", "смартфона", "смартфоны", "смартфонов"],
            &["нейросеть", "нейросети", "нейросетей", "нейросетью"],
            &[
                "разработчик",
                "разработчики",
                "разработчиков",
                "разработчикам",
            ],
        ],
        english: &[
            &["technology", "technologies"],
            &["app", "apps"],
            &["smartphone", "smartphones"],
            &["network", "networks", "networking"],
            &["developer", "developers", "developing", "developed"],
        ],
        latin: &["tech", "gadget", "code", "digital"],
    },
    Topic {
        category: "crypto",
        russian: &[
            &[
                "криптовалюта",
                "криптовалюты",
                "криптовалют",
                "криптовалюте",
                "криптовалюту",
            ],
            &["биткоин", "биткоина", "биткоину", "биткоином"],
            &["биржа", "биржи", "бирже", "биржу", "бирж"],
            &["токен", "токены", "токенов", "токенах"],
            &["майнинг", "майнинга", "майнинге"],
        ],
        english: &[
            &["crypto"],
            &["bitcoin", "bitcoins"],
            &["exchange", "exchanges"],
            &["token", "tokens"],
            &["mining", "miners", "mined"],
        ],
        latin: &["crypto", "coin", "block", "hodl"],
    },
    Topic {
        category: "sport",
        russian: &[
            &["матч", "матча", "матче", "матчи", "матчей"],
            &["команда", "команды", "команде", "команду", "команд"],
            &["игрок", "игрока", "игроки", "игроков"],
            &["чемпионат", "чемпионата", "чемпионате"],
            &["тренер", "тренера", "тренеры", "тренером"],
        ],
        english: &[
            &["match", "matches"],
            &["team", "teams"],
            &["player", "players", "playing", "played"],
            &["championship", "championships"],
            &["coach", "coaches", "coaching", "coached"],
        ],
        latin: &["sport", "goal", "match", "arena"],
    },
    Topic {
        category: "travels",
        russian: &[
            &["путешествие", "путешествия", "путешествий", "путешествиях"],
            &["отель", "отеля", "отели", "отелей"],
            &["билет", "билета", "билеты", "билетов"],
            &["море", "моря", "морю", "морем"],
            &["туризм", "туризма", "туризме"],
        ],
        english: &[
            &["travel", "travels", "traveling", "travelled"],
            &["hotel", "hotels"],
            &["ticket", "tickets"],
            &["beach", "beaches"],
            &["tourism", "tourist", "tourists"],
        ],
        latin: &["travel", "trip", "route", "voyage"],
    },
    Topic {
        category: "education",
        russian: &[
            &["школа", "школы", "школе", "школу", "школ"],
            &["студент", "студенты", "студентов", "студентам"],
            &["экзамен", "экзамена", "экзамены", "экзаменов"],
            &["университет", "университета", "университете"],
            &["учитель", "учителя", "учителей", "учителям"],
        ],
        english: &[
            &["school", "schools"],
            &["student", "students"],
            &["exam", "exams"],
            &["university", "universities"],
            &["teacher", "teachers", "teaching", "taught"],
        ],
        latin: &["school", "study", "learn", "campus"],
    },
    Topic {
        category: "health",
        russian: &[
            &["здоровье", "здоровья", "здоровью"],
            &["врач", "врача", "врачи", "врачей"],
            &["больница", "больницы", "больнице", "больниц"],
            &["лечение", "лечения", "лечению"],
            &["вакцина", "вакцины", "вакцину", "вакцин"],
        ],
        english: &[
            &["health", "healthy"],
            &["doctor", "doctors"],
            &["hospital", "hospitals"],
            &["treatment", "treatments", "treating", "treated"],
            &["vaccine", "vaccines"],
        ],
        latin: &["health", "doctor", "care", "clinic"],
    },
    Topic {
        category: "business",
        russian: &[
            &["бизнес", "бизнеса", "бизнесе", "бизнесу"],
            &["компания", "компании", "компаний", "компанию"],
            &["инвестиция", "инвестиции", "инвестиций", "инвестициям"],
            &["банк", "банка", "банки", "банков", "банке"],
            &["стартап", "стартапа", "стартапы", "стартапов"],
        ],
        english: &[
            &["business", "businesses"],
            &["company", "companies"],
            &["investment", "investments", "investing", "invested"],
            &["bank", "banks", "banking"],
            &["startup", "startups"],
        ],
        latin: &["business", "deal", "startup", "venture"],
    },
    Topic {
        category: "edutainment",
        russian: &[
            &["наука", "науки", "науке", "науку"],
            &[
                "исследование",
                "исследования",
                "исследований",
                "исследованиях",
            ],
            &["учёный", "учёные", "учёных", "учёным"],
            &["космос", "космоса", "космосе"],
            &["открытие", "открытия", "открытий"],
        ],
        english: &[
            &["science", "sciences"],
            &["research", "researchers", "researching", "researched"],
            &["scientist", "scientists"],
            &["space"],
            &["discovery", "discoveries"],
        ],
        latin: &["science", "lab", "cosmos", "atom"],
    },
    Topic {
        category: "entertainment",
        russian: &[
            &["фильм", "фильма", "фильмы", "фильмов", "фильме"],
            &["музыка", "музыки", "музыке", "музыку"],
            &["концерт", "концерта", "концерты", "концертов"],
            &["сериал", "сериала", "сериалы", "сериалов"],
            &["артист", "артиста", "артисты", "артистов"],
        ],
        english: &[
            &["film", "films"],
            &["music", "musical"],
            &["concert", "concerts"],
            &["series"],
            &["artist", "artists"],
        ],
        latin: &["fun", "movie", "music", "show"],
    },
];

/// Words of any topic: verbs and adjectives in several forms.
pub const RUSSIAN_COMMON: &[&[&str]] = &[
    &["сообщить", "сообщил", "сообщила", "сообщили", "сообщает"],
    &["заявить", "заявил", "заявила", "заявили", "заявляет"],
    &["вырасти", "вырос", "выросла", "выросли", "растёт"],
    &["снизиться", "снизился", "снизилась", "снизились"],
    &["начать", "начал", "начала", "начали", "начинает"],
    &["объявить", "объявил", "объявила", "объявили"],
    &["новый", "новая", "новое", "новые", "новых", "новым"],
    &["главный", "главная", "главное", "главные", "главных"],
    &["российский", "российская", "российские", "российских"],
    &["важный", "важная", "важное", "важные", "важных"],
    &["год", "года", "году", "лет"],
    &["неделя", "недели", "неделе", "неделю"],
];

pub const RUSSIAN_FILLER: &[&str] = &[
    "и",
    "в",
    "на",
    "по",
    "о",
    "что",
    "это",
    "для",
    "с",
    "как",
    "уже",
    "также",
    "сегодня",
    "вчера",
    "после",
    "более",
    "около",
    "из-за",
    "при",
    "только",
];

pub const ENGLISH_COMMON: &[&[&str]] = &[
    &["report", "reports", "reported", "reporting"],
    &["announce", "announced", "announcing", "announcement"],
    &["rise", "rises", "rising", "rose"],
    &["fall", "falls", "falling", "fell"],
    &["start", "starts", "started", "starting"],
    &["grow", "grows", "growing", "growth"],
    &["new", "newer", "newest"],
    &["important"],
    &["global"],
    &["year", "years"],
    &["week", "weeks", "weekly"],
];

pub const ENGLISH_FILLER: &[&str] = &[
    "the", "a", "of", "in", "on", "for", "and", "to", "with", "today", "after", "about", "this",
    "that", "now", "more", "than",
];

/// Second words of channel titles.
pub const RUSSIAN_TITLE_TAIL: &[&str] = &[
    "сегодня",
    "онлайн",
    "дайджест",
    "инсайд",
    "live",
    "24",
    "главное",
    "без цензуры",
];
pub const ENGLISH_TITLE_TAIL: &[&str] = &[
    "Daily", "Today", "Insider", "Digest", "Live", "Weekly", "Hub", "Now",
];

/// Latin suffixes of usernames.
pub const USERNAME_TAIL: &[&str] = &[
    "news", "channel", "info", "hub", "live", "daily", "chat", "ru",
];

/// Captions of documents and videos.
pub const CAPTIONS: &[&str] = &["Видео", "Фото", "Документ", "Video", "Report.pdf", "Схема"];
