/**
 * Name and place lists for the synthetic identities of the benchmark: common German first and last
 * names (with umlauts and ß), double names, names with particles, and towns with their postal codes.
 * Frequent names come first; generate.ts draws with a Zipf-like skew so Müller and Schmidt are common.
 */
export const FIRST_NAMES_FEMALE = [
  'Maria', 'Ursula', 'Monika', 'Petra', 'Elisabeth', 'Sabine', 'Renate', 'Helga', 'Karin', 'Brigitte', 'Ingrid', 'Erika',
  'Andrea', 'Gisela', 'Claudia', 'Susanne', 'Gabriele', 'Christa', 'Christine', 'Hildegard', 'Anna', 'Birgit', 'Barbara',
  'Julia', 'Stefanie', 'Ute', 'Heike', 'Nicole', 'Jutta', 'Angelika', 'Käthe', 'Lena', 'Sophie', 'Marie', 'Lea',
  'Hannah', 'Anna-Lena', 'Lea-Sophie', 'Jördis', 'Dörte', 'Bärbel', 'Gerlinde', 'Waltraud', 'Roswitha', 'Magdalena',
  'Anneliese', 'Luise', 'Charlotte', 'Frieda', 'Emma', 'Mia', 'Ida', 'Greta', 'Marlene', 'Theresa', 'Katharina', 'Franziska', 'Sünje',
];
export const FIRST_NAMES_MALE = [
  'Peter', 'Michael', 'Thomas', 'Andreas', 'Wolfgang', 'Klaus', 'Jürgen', 'Günter', 'Stefan', 'Christian', 'Uwe', 'Werner',
  'Horst', 'Frank', 'Dieter', 'Manfred', 'Gerhard', 'Hans', 'Bernd', 'Torsten', 'Markus', 'Matthias', 'Jörg', 'Ralf',
  'Helmut', 'Heinz', 'Karl-Heinz', 'Hans-Peter', 'Björn', 'Sören', 'Jörn', 'Lukas', 'Leon', 'Paul', 'Jonas', 'Felix',
  'Maximilian', 'Ben', 'Elias', 'Noah', 'Friedrich', 'Wilhelm', 'Otto', 'Ernst', 'Rüdiger', 'Götz', 'Jens', 'Sven', 'Dirk',
  'Holger', 'Volker', 'Rainer', 'Detlef', 'Norbert', 'Reinhard', 'Siegfried', 'Hermann', 'Alexander', 'Sebastian',
];
export const LAST_NAMES = [
  'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Schäfer', 'Koch',
  'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger', 'Hofmann',
  'Hartmann', 'Lange', 'Schmitt', 'Werner', 'Schmitz', 'Krause', 'Meier', 'Lehmann', 'Schmid', 'Schulze', 'Maier', 'Köhler',
  'Herrmann', 'König', 'Walter', 'Mayer', 'Huber', 'Kaiser', 'Fuchs', 'Peters', 'Lang', 'Scholz', 'Möller', 'Weiß', 'Jung',
  'Hahn', 'Schubert', 'Vogel', 'Friedrich', 'Keller', 'Günther', 'Frank', 'Berger', 'Winkler', 'Roth', 'Beck', 'Lorenz',
  'Baumann', 'Franke', 'Albrecht', 'Schuster', 'Simon', 'Ludwig', 'Böhm', 'Winter', 'Kraus', 'Martin', 'Schumacher', 'Krämer',
  'Vogt', 'Stein', 'Jäger', 'Otto', 'Sommer', 'Groß', 'Seidel', 'Heinrich', 'Brandt', 'Haas', 'Schreiber', 'Graf',
  'Schulte', 'Dietrich', 'Ziegler', 'Kuhn', 'Kühn', 'Pohl', 'Engel', 'Horn', 'Busch', 'Bergmann', 'Thomas', 'Voigt', 'Sauer',
  'Arnold', 'Wolff', 'Pfeiffer', 'Brinkmann', 'Rösler', 'Öztürk', 'Yılmaz', 'Nowak', 'Kowalski', 'Dąbrowski', 'Nguyen',
  'Müller-Lüdenscheidt', 'Schmidt-Rottluff', 'Meyer-Landrut', 'Graf-Baumann', 'Hoffmann-La Roche', 'Schulze-Delitzsch',
  'von Weizsäcker', 'von der Leyen', 'zu Guttenberg', 'von Bülow', 'van Dyk', 'de Maizière', 'von Stauffenberg', 'vom Stein',
  'Freiherr von Knigge', 'ter Horst', 'Overbeck', 'Grünewald', 'Rübsamen', 'Süßmuth', 'Strauß', 'Weißmüller', 'Größer',
  'Buchholz', 'Lindemann', 'Rademacher', 'Everding', 'Tiedemann', 'Petersen', 'Hansen', 'Jensen', 'Carstensen', 'Feddersen',
  'Brückner', 'Wendt', 'Kessler', 'Hübner', 'Thiele', 'Ebert', 'Götze', 'Kretschmer', 'Lindner', 'Naumann', 'Reuter',
];
export const TOWNS: readonly (readonly [string, string])[] = [
  ['10117', 'Berlin'], ['10435', 'Berlin'], ['12043', 'Berlin'], ['20095', 'Hamburg'], ['22765', 'Hamburg'], ['80331', 'München'],
  ['81667', 'München'], ['50667', 'Köln'], ['51103', 'Köln'], ['60311', 'Frankfurt am Main'], ['70173', 'Stuttgart'],
  ['40213', 'Düsseldorf'], ['44135', 'Dortmund'], ['45127', 'Essen'], ['04109', 'Leipzig'], ['28195', 'Bremen'],
  ['01067', 'Dresden'], ['30159', 'Hannover'], ['90403', 'Nürnberg'], ['47051', 'Duisburg'], ['44787', 'Bochum'],
  ['42103', 'Wuppertal'], ['33602', 'Bielefeld'], ['53111', 'Bonn'], ['48143', 'Münster'], ['76133', 'Karlsruhe'],
  ['68159', 'Mannheim'], ['86150', 'Augsburg'], ['65183', 'Wiesbaden'], ['41061', 'Mönchengladbach'], ['45879', 'Gelsenkirchen'],
  ['38100', 'Braunschweig'], ['09111', 'Chemnitz'], ['24103', 'Kiel'], ['52062', 'Aachen'], ['06108', 'Halle (Saale)'],
  ['39104', 'Magdeburg'], ['79098', 'Freiburg im Breisgau'], ['47798', 'Krefeld'], ['23552', 'Lübeck'], ['46045', 'Oberhausen'],
  ['99084', 'Erfurt'], ['55116', 'Mainz'], ['18055', 'Rostock'], ['34117', 'Kassel'], ['58095', 'Hagen'], ['66111', 'Saarbrücken'],
  ['14467', 'Potsdam'], ['67059', 'Ludwigshafen am Rhein'], ['26122', 'Oldenburg'], ['49074', 'Osnabrück'], ['69117', 'Heidelberg'],
  ['64283', 'Darmstadt'], ['33098', 'Paderborn'], ['93047', 'Regensburg'], ['85049', 'Ingolstadt'], ['97070', 'Würzburg'],
  ['89073', 'Ulm'], ['74072', 'Heilbronn'], ['75175', 'Pforzheim'], ['37073', 'Göttingen'], ['96047', 'Bamberg'], ['54290', 'Trier'],
  ['07743', 'Jena'], ['02826', 'Görlitz'], ['17489', 'Greifswald'], ['25813', 'Husum'], ['83022', 'Rosenheim'], ['88212', 'Ravensburg'],
];

/** Parts of further German surnames (Berg + mann, Holz + hauer, …): with the list above, thousands of names. */
export const SURNAME_STEMS = [
  'Berg', 'Holz', 'Stein', 'Linden', 'Brunn', 'Eich', 'Feld', 'Wald', 'Rosen', 'Kirch', 'Mühl', 'Hof', 'Bach', 'Sonnen', 'Schön',
  'Alt', 'Neu', 'Groß', 'Klein', 'Ober', 'Unter', 'Wester', 'Oster', 'Norder', 'Süder', 'Hage', 'Tann', 'Buch', 'Fichten', 'Erl',
  'Kamp', 'Brink', 'Horst', 'Loh', 'Rode', 'Wiese', 'Hütten', 'Schmal', 'Breit', 'Lang', 'Kurz', 'Wein', 'Korn', 'Hopf', 'Haber',
];
export const SURNAME_ENDINGS = [
  'mann', 'er', 'hauer', 'meier', 'bauer', 'müller', 'hofer', 'berger', 'feld', 'bach', 'brink', 'kamp', 'horst', 'huber',
  'schmidt', 'becker', 'ecker', 'inger', 'ler', 'stedt', 'hagen', 'beck', 'wald', 'rath', 'hardt', 'acker', 'mayer', 'weber',
];
