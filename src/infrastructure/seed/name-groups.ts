/**
 * First and last names of the GTA's communities, grouped so that a synthetic doctor gets a
 * plausible first+last pair and the languages that go with the background. Combinations are
 * random: any likeness to a real physician is chance, and numbers are from a synthetic range.
 */
export interface NameGroup {
  readonly key: string;
  /** Share of GTA doctors with this background (rough, from census origins and CPSO mix). */
  readonly weight: number;
  readonly female: readonly string[];
  readonly male: readonly string[];
  readonly last: readonly string[];
  /** Chance of speaking each language besides English. */
  readonly languages: Readonly<Record<string, number>>;
  /** Chance of speaking English (nearly 1: Ontario practice is in English). */
  readonly english: number;
}

const w = (s: string): readonly string[] => s.split('|');

const g = (
  key: string,
  weight: number,
  female: string,
  male: string,
  last: string,
  languages: Record<string, number> = {},
  english = 0.995,
): NameGroup => ({
  key,
  weight,
  female: w(female),
  male: w(male),
  last: w(last),
  languages,
  english,
});

/** Given names used by many non-binary people, in every community. */
export const NEUTRAL_FIRST_NAMES = w(
  'Alex|Jordan|Sam|Taylor|Morgan|Riley|Casey|Jamie|Robin|Avery|Quinn|Rowan|Kai|Sasha|Charlie|Eden|Reese|Skyler|Ari|Noor',
);

// prettier-ignore
export const NAME_GROUPS: readonly NameGroup[] = [
  g('anglo', 26,
    'Emily|Sarah|Jessica|Jennifer|Laura|Rachel|Megan|Katherine|Elizabeth|Rebecca|Hannah|Allison|Caroline|Heather|Lindsay|Meredith|Claire|Victoria|Amanda|Stephanie|Julia|Anne|Margaret|Susan',
    'James|Michael|David|Andrew|Robert|William|Matthew|Christopher|Daniel|Jonathan|Thomas|Ryan|Patrick|Brian|Kevin|Mark|Stephen|Geoffrey|Ian|Graham|Scott|Peter|Richard|Colin',
    "Smith|Brown|Wilson|MacDonald|Campbell|Stewart|Thompson|Anderson|Taylor|Martin|Clarke|Robertson|Murray|Reid|Mitchell|Fraser|Graham|Henderson|Walsh|O'Brien|Kelly|Murphy|Sullivan|Hughes|Bennett|Gallagher|McKenzie|Harrison|Cameron|Ferguson|Johnston|Wright|Lawson|Sinclair|Doyle|Fitzgerald",
    { French: 0.08 }),
  g('french', 3,
    'Marie|Isabelle|Geneviève|Chantal|Nathalie|Sophie|Émilie|Julie|Catherine|Valérie|Mélanie|Josée',
    'Jean|Luc|François|Pierre|Marc|Étienne|Mathieu|Philippe|Sébastien|Alexandre|Olivier|Guillaume',
    'Tremblay|Gagnon|Roy|Côté|Bouchard|Gauthier|Morin|Lavoie|Fortin|Gagné|Ouellet|Pelletier|Bélanger|Lévesque|Bergeron|Leblanc|Girard|Simard|Boucher|Caron|Beaulieu|Cloutier|Dubois|Poirier',
    { French: 0.97 }, 0.95),
  g('italian', 4,
    'Maria|Giulia|Francesca|Alessandra|Elena|Chiara|Lucia|Silvia|Paola|Gabriella|Sara|Daniela',
    'Marco|Giuseppe|Antonio|Luca|Paolo|Roberto|Giovanni|Stefano|Alessandro|Matteo|Franco|Vincenzo',
    'Rossi|Russo|Esposito|Bianchi|Romano|Colombo|Ricci|Marino|Greco|Bruno|Gallo|Conti|De Luca|Mancini|Costa|Giordano|Rizzo|Lombardi|Moretti|Barbieri|Fontana|Caruso|Ferrara|Santoro|Mariani|Rinaldi|DiNardo|Iacono|Zito',
    { Italian: 0.45 }),
  g('portuguese', 2,
    'Ana|Sofia|Inês|Beatriz|Mariana|Catarina|Joana|Rita|Teresa|Fernanda',
    'João|Pedro|Tiago|Rui|Miguel|Nuno|Ricardo|Paulo|Luís|Bruno',
    'Silva|Santos|Ferreira|Pereira|Oliveira|Costa|Rodrigues|Martins|Sousa|Fernandes|Gonçalves|Gomes|Lopes|Marques|Almeida|Ribeiro|Pinto|Carvalho|Teixeira|Medeiros|Raposo|Furtado|Cabral|Pacheco',
    { Portuguese: 0.6, Spanish: 0.1 }),
  g('greek', 2,
    'Eleni|Maria|Katerina|Sophia|Georgia|Despina|Anastasia|Christina|Dimitra|Vasiliki',
    'Nikolaos|Georgios|Dimitrios|Konstantinos|Ioannis|Christos|Panagiotis|Vasilis|Stavros|Theodoros',
    'Papadopoulos|Georgiou|Nikolaidis|Dimitriou|Konstantinidis|Ioannou|Karagiannis|Vlachos|Antonopoulos|Pappas|Makris|Stavropoulos|Theodorou|Kostopoulos|Alexiou|Christodoulou',
    { Greek: 0.55 }),
  g('east-european', 5,
    'Anna|Olga|Natalia|Katarzyna|Irina|Svetlana|Oksana|Agnieszka|Tatiana|Yulia|Marta|Ewa',
    'Alexei|Piotr|Andriy|Dmitri|Sergei|Tomasz|Mikhail|Pavel|Krzysztof|Taras|Vladimir|Marek',
    'Nowak|Kowalczyk|Wójcik|Mazur|Krawczyk|Zielinski|Lewandowski|Ivanov|Petrov|Smirnov|Volkov|Kuznetsov|Sokolov|Shevchenko|Kovalenko|Bondarenko|Melnyk|Tkachenko|Kravchenko|Horvath',
    { Russian: 0.4, Polish: 0.25, Ukrainian: 0.25 }),
  g('jewish', 4,
    'Rachel|Leah|Miriam|Rebecca|Sarah|Naomi|Talia|Shira|Dana|Aviva|Elana|Ruth',
    'David|Daniel|Jacob|Benjamin|Aaron|Joshua|Noah|Eli|Ari|Jonah|Samuel|Avi',
    'Cohen|Levy|Goldberg|Friedman|Katz|Rosenberg|Shapiro|Weiss|Greenberg|Kaplan|Adler|Bernstein|Segal|Schwartz|Feldman|Rubin|Klein|Stein|Mandel|Zuckerman|Abramovitz|Lieberman|Halpern|Glick',
    { Hebrew: 0.25, Russian: 0.06 }),
  g('south-asian', 11,
    'Priya|Anjali|Neha|Pooja|Simran|Harpreet|Manpreet|Gurpreet|Sana|Ayesha|Fatima|Aisha|Divya|Kavita|Sunita|Ritu|Nisha|Meera|Shreya|Jaspreet|Amandeep|Rupinder|Hina|Sadia',
    'Rahul|Amit|Arjun|Vikram|Sanjay|Rajesh|Harjit|Gurinder|Jaswinder|Manjit|Imran|Ahmed|Ali|Faisal|Omar|Kamran|Arun|Nikhil|Rohan|Deepak|Suresh|Anil|Hardeep|Sandeep',
    'Sharma|Patel|Singh|Gill|Sandhu|Dhillon|Grewal|Sidhu|Brar|Gupta|Kumar|Mehta|Shah|Desai|Joshi|Malhotra|Kapoor|Chopra|Reddy|Rao|Khan|Ahmed|Hussain|Qureshi|Siddiqui|Chaudhry|Iqbal|Malik|Sheikh|Bhatt|Trivedi|Parikh|Chatterjee|Banerjee|Das|Rahman',
    { Hindi: 0.45, Punjabi: 0.3, Urdu: 0.25, Gujarati: 0.15, Bengali: 0.07 }),
  g('tamil', 3,
    'Kavitha|Thenmozhi|Nirmala|Shanthi|Priyanka|Janani|Abirami|Vasuki|Tharshini|Lavanya',
    'Suresh|Ganesh|Ramesh|Karthik|Senthil|Kumaran|Thayalan|Sivakumar|Niranjan|Prakash',
    'Sivakumar|Rajaratnam|Thuraisingam|Kanagaratnam|Balasubramaniam|Selvarajah|Sritharan|Nadarajah|Yogarajah|Mahendran|Sivapalan|Kandiah|Ratnam|Jeyakumar|Vigneswaran|Arulanantham',
    { Tamil: 0.8 }),
  g('chinese', 13,
    'Wei|Mei|Jing|Li|Xiao|Yan|Hui|Ling|Ying|Fang|Grace|Jennifer|Michelle|Vivian|Winnie|Cindy|Karen|Amy|Jenny|Helen|Joyce|Queenie',
    'Wei|Jun|Hao|Ming|Jian|Lei|Yong|Kevin|Jason|Eric|Raymond|Kenneth|Derek|Alan|Vincent|Henry|Calvin|Patrick|Tony|Wilson',
    'Chen|Wang|Li|Zhang|Liu|Wong|Chan|Lam|Leung|Cheung|Ho|Ng|Lau|Yip|Tang|Lee|Huang|Zhou|Wu|Xu|Sun|Ma|Zhu|Hu|Lin|Kwan|Chow|Tse|Fung|Yuen|Mak|Kwok',
    { Mandarin: 0.5, Cantonese: 0.45 }),
  g('korean', 2,
    'Ji-woo|Min-ji|Seo-yeon|Soo-jin|Hye-jin|Eun-ji|Ji-hye|Yuna|Grace|Jenny',
    'Min-jun|Ji-hoon|Sung-min|Jae-won|Dong-hyun|Hyun-woo|Daniel|Joseph|Paul|Sam',
    'Kim|Lee|Park|Choi|Jung|Kang|Cho|Yoon|Jang|Lim|Han|Shin|Oh|Seo|Kwon|Hwang',
    { Korean: 0.75 }),
  g('filipino', 2.5,
    'Maria|Kristine|Jocelyn|Marites|Rowena|Angelica|Cristina|Liza|Rosario|Joanna|Divina',
    'Jose|Mark|Ramon|Rodrigo|Carlo|Joel|Renato|Ferdinand|Arnel|Jerome',
    'Santos|Reyes|Cruz|Bautista|Ocampo|Garcia|Mendoza|Torres|Tolentino|Villanueva|Castillo|Ramos|Aquino|Dela Cruz|De Guzman|Pascual|Manalo|Soriano|Navarro|Salazar',
    { Tagalog: 0.7 }),
  g('vietnamese', 1,
    'Linh|Thao|Huong|Mai|Trang|Ngoc|Lan|Thu',
    'Minh|Tuan|Duc|Huy|Quang|Long|Khoa|Bao',
    'Nguyen|Tran|Le|Pham|Hoang|Phan|Vu|Dang|Bui|Do|Ho|Ngo|Duong|Ly',
    { Vietnamese: 0.7, French: 0.05 }),
  g('persian', 3,
    'Maryam|Shirin|Leila|Nasrin|Parisa|Sara|Yasmin|Roya|Azadeh|Mahsa|Niloufar|Shadi',
    'Reza|Ali|Mohammad|Hossein|Amir|Babak|Kaveh|Arash|Farhad|Hamid|Mehdi|Kourosh',
    'Hosseini|Mohammadi|Rezaei|Ahmadi|Karimi|Moradi|Jafari|Rahimi|Sadeghi|Tehrani|Shirazi|Kazemi|Ghasemi|Nazari|Farahani|Rostami|Esfahani|Zand',
    { 'Persian (Farsi)': 0.85, Turkish: 0.03 }),
  g('arab', 3,
    'Fatima|Layla|Nour|Rania|Mariam|Huda|Lina|Dina|Rana|Salma|Yasmine|Hala',
    'Ahmad|Mohamed|Omar|Khalid|Youssef|Karim|Tarek|Sami|Hassan|Walid|Ziad|Nabil',
    'Haddad|Khoury|Saleh|Nasser|Mansour|Hamdan|Aziz|Farah|Abboud|Hassan|Ibrahim|Said|Boutros|Awad|Darwish|El-Masri|Kassem|Younes|Chami|Rizk',
    { Arabic: 0.8, French: 0.25 }),
  g('latin-american', 2,
    'María|Carolina|Gabriela|Daniela|Valentina|Camila|Lucía|Paula|Andrea|Natalia',
    'Carlos|Juan|Luis|Diego|Andrés|Javier|Alejandro|Fernando|Ricardo|Sebastián',
    'González|Rodríguez|Hernández|López|Martínez|Pérez|Sánchez|Ramírez|Flores|Rivera|Morales|Ortiz|Castro|Vargas|Rojas|Herrera|Medina|Aguilar|Guerrero|Mendoza',
    { Spanish: 0.85, Portuguese: 0.05 }),
  g('african-caribbean', 4,
    'Aisha|Nia|Keisha|Tamara|Chantelle|Abena|Ama|Ngozi|Chioma|Adaeze|Folake|Simone|Danielle|Natasha',
    'Kwame|Kofi|Chukwuemeka|Oluwaseun|Tunde|Emeka|Jerome|Andre|Marcus|Dwayne|Trevor|Desmond|Winston|Olusegun',
    'Mensah|Owusu|Asante|Boateng|Okafor|Okonkwo|Adeyemi|Balogun|Eze|Nwosu|Campbell|Francis|Grant|Powell|Williams|Clarke|Richards|Edwards|Thomas|Morgan|Oyelaran|Adebayo|Appiah|Danso',
    { French: 0.1 }),
  g('east-african', 1,
    'Hodan|Amina|Faduma|Sahra|Hawa|Ifrah|Ayaan|Ubah|Meron|Selam',
    'Abdi|Mohamed|Ahmed|Hassan|Yusuf|Abdirahman|Mahad|Dawit|Yonas|Bereket',
    'Abdi|Ali|Farah|Hussein|Warsame|Osman|Jama|Egal|Mohamud|Haile|Tesfaye|Bekele|Gebre|Alemu',
    { Somali: 0.6, Arabic: 0.25 }, 0.99),
];

/**
 * Surnames as Toronto writes them beyond one plain word (issue 50, item 7): with an apostrophe
 * (O'Connor, D'Souza, Dell'Acqua), a particle (De Santis, Da Silva, van der Berg, El Khoury), or
 * hyphenated (St-Pierre), per community, with the share of its doctors who bear one. Drawn from
 * a stream of their own (doctor-drafts.ts), so that the other draws, CPSO numbers and clinics
 * among them, stay as they were. The shares are rough guesses from surname frequencies in
 * Ontario (Irish O' names and Dutch van/de names in the anglo group, Goan D' names in the South
 * Asian group, Italian and Portuguese particles common in their communities).
 */
export interface SurnameForms {
  readonly share: number;
  readonly forms: readonly string[];
}

// prettier-ignore
export const SURNAME_FORMS: Readonly<Record<string, SurnameForms>> = {
  anglo: { share: 0.04, forms: w("O'Connor|O'Neill|O'Sullivan|O'Reilly|O'Donnell|O'Hara|D'Arcy|van der Berg|Van Dyk|van der Meer|de Vries|Van Horne|Vander Zalm|de Jong") },
  french: { share: 0.15, forms: w("St-Pierre|D'Amours|Saint-Onge|D'Aoust|De Grandpré|Le Blanc|Des Rosiers|L'Heureux|St-Laurent|D'Anjou") },
  italian: { share: 0.2, forms: w("Di Stefano|D'Angelo|Dell'Acqua|De Santis|Lo Russo|Di Giacomo|La Rosa|Del Vecchio|D'Amico|Di Paolo|De Rosa|Lo Presti") },
  portuguese: { share: 0.25, forms: w('Da Silva|Dos Santos|De Sousa|Da Costa|Do Rego|De Melo|Da Ponte|Dos Reis') },
  'south-asian': { share: 0.03, forms: w("D'Souza|D'Costa|D'Silva|De Souza|D'Mello|D'Cruz|Da Cunha") },
  arab: { share: 0.15, forms: w('El Khoury|Abou Zeid|Al-Hassan|El Amin|Abu Khalil|El Sayed|Al Masri') },
  filipino: { share: 0.1, forms: w('De los Reyes|Del Rosario|De Leon|San Juan|Dela Paz|De Castro') },
  'latin-american': { share: 0.1, forms: w('De la Cruz|Del Valle|De León|San Martín|De la Rosa|Del Río') },
  'east-african': { share: 0.05, forms: w('Abu Bakr|Haile Selassie|Wolde Mariam') },
};
