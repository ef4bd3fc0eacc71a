// Name pools deliberately include apostrophes, diacritics and non-Latin scripts: the app
// must store, sort, escape and render all of them as plain text.

export type NameCulture = "english" | "romance" | "germanic" | "japanese" | "russian";

interface NamePool {
  readonly female: readonly string[];
  readonly male: readonly string[];
  readonly last: readonly string[];
}

export const NAME_POOLS: Readonly<Record<NameCulture, NamePool>> = {
  english: {
    female: [
      "Olivia",
      "Emma",
      "Ava",
      "Charlotte",
      "Amelia",
      "Grace",
      "Zoë",
      "Chloe",
      "Siobhan",
      "Aoife",
      "Harper",
      "Ruby",
      "Maeve",
      "Leilani",
    ],
    male: [
      "James",
      "Liam",
      "Noah",
      "William",
      "Benjamin",
      "Henry",
      "Jack",
      "Oliver",
      "Seán",
      "Declan",
      "Ethan",
      "Kai",
      "Mason",
      "Owen",
    ],
    last: [
      "Smith",
      "Johnson",
      "O'Connor",
      "O'Neill",
      "D'Angelo",
      "Williams",
      "Brown",
      "Taylor",
      "Murphy",
      "McCarthy",
      "Anderson",
      "Clarke",
      "Walsh",
      "Nguyen",
      "Patel",
      "Kealoha",
      "Fitzgerald",
      "Miller",
      "Davis",
      "Wilson",
    ],
  },
  romance: {
    female: ["María", "Zoë", "Renée", "Chloé", "Inês", "Sofía", "Amélie", "Begoña", "Léa", "Lucía", "Geneviève"],
    male: ["José", "François", "Andrés", "João", "Ángel", "Étienne", "Raúl", "Joaquín", "Gaëtan", "Rémi", "Nicolás"],
    last: [
      "García",
      "Núñez",
      "Peña",
      "Lefèvre",
      "Gonçalves",
      "Dubois",
      "Côté",
      "Gagnon",
      "Tremblay",
      "Ibáñez",
      "Bélanger",
      "Muñoz",
      "D'Amours",
      "Rodríguez",
    ],
  },
  germanic: {
    female: ["Anna", "Zoë", "Lena", "Mia", "Käthe", "Ingrid", "Anaïs", "Björk", "Heidi", "Jana"],
    male: ["Jürgen", "Lukas", "Björn", "Sören", "Matthias", "Reto", "Urs", "Andreas", "Jörg", "Maximilian"],
    last: [
      "Müller",
      "Schröder",
      "Weiß",
      "Köhler",
      "Brändli",
      "Zürcher",
      "Meier",
      "Schmid",
      "Keller",
      "Bürgi",
      "Fässler",
      "Hoffmann",
    ],
  },
  japanese: {
    female: ["花子", "さくら", "陽菜", "結衣", "美咲", "Yui", "Aiko"],
    male: ["太郎", "健太", "翔", "大輔", "蓮", "Haruto", "Kenji"],
    last: ["山田", "佐藤", "鈴木", "高橋", "田中", "渡辺", "Tanaka", "Sato"],
  },
  russian: {
    female: ["Анна", "Ольга", "Наталья", "Екатерина", "Svetlana"],
    male: ["Дмитрий", "Сергей", "Алексей", "Иван", "Mikhail"],
    last: ["Иванов", "Смирнова", "Кузнецов", "Попова", "Соколов", "Volkov"],
  },
};

export const MIDDLE_NAMES: readonly string[] = [
  "Marie",
  "Anne",
  "J.",
  "Lee",
  "Ray",
  "Ann",
  "Louise",
  "Michael",
  "R.",
  "Elise",
  "José",
  "K.",
];

/** ASCII local part for an e-mail address; null when the name has no Latin letters. */
export function emailLocalPart(firstName: string | null, lastName: string | null): string | null {
  const ascii = (text: string | null): string =>
    (text ?? "")
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/ß/g, "ss")
      .toLowerCase()
      .replace(/[^a-z]/g, "");
  const first = ascii(firstName);
  const last = ascii(lastName);
  if (first === "" && last === "") return null;
  return [first, last].filter((part) => part !== "").join(".");
}
