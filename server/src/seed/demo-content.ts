/**
 * What the demo creators publish and who follows and subscribes to them: the data a
 * newcomer sees on a fresh start. Drawn and stored by `demo-media.ts`, written by `demo.ts`.
 */
import type { Role } from '../domains/accounts/accounts.tables.js';
import type { SceneKind } from './demo-art.js';

export interface DemoAccount {
  role: Role;
  email: string;
  username: string;
  name: string;
  firstName: string;
  lastName: string;
  gender?: 'male' | 'female';
  countryCode?: string;
}

export interface DemoPost {
  text: string;
  /** How long ago it was published, in hours: the home feed and profiles list newest first. */
  hoursAgo: number;
  subscribersOnly?: boolean;
  /** A photo post: one drawing per photo. */
  photos?: SceneKind[];
  /** A video post (skipped, with a note, when there is no ffmpeg). */
  video?: SceneKind;
  /** A poll post: its options and how many of the audience voted for each. */
  poll?: { options: string[]; votes: number[] };
}

export interface DemoCreator {
  account: DemoAccount & { role: 'performer' };
  profile: {
    bio: string;
    monthlyPriceCents: number;
    quarterlyPriceCents: number;
    halfYearlyPriceCents: number;
    yearlyPriceCents: number;
    freeSubscriptionEnabled?: boolean;
    freeSubscriptionDays?: number;
    height?: string;
    hair?: string;
    eyes?: string;
    bodyType?: string;
    city?: string;
  };
  /** The avatar's and cover's drawing: the creator's hue, hair, skin tone, and the cover's scene. */
  art: { hue: number; skinTone: number; longHair: boolean; cover: SceneKind };
  posts: DemoPost[];
  /** How many of the demo audience follow them and subscribe to them. */
  audience: { followers: number; subscribers: number };
}

/**
 * The demo creators. The first three keep the usernames they had before the one username
 * rule (tests, README and links use them). Ana and Carla start without subscribers: the
 * walkthroughs (and the end-to-end tests) show a creator getting a first subscriber.
 */
export const DEMO_CREATORS: DemoCreator[] = [
  {
    account: { role: 'performer', email: 'creator1@fandeck.local', username: 'ana.lima', name: 'Ana Lima', firstName: 'Ana', lastName: 'Lima', gender: 'female', countryCode: 'BR' },
    profile: { bio: 'Fotógrafa e viajante. Bastidores de cada ensaio.', monthlyPriceCents: 990, quarterlyPriceCents: 2690, halfYearlyPriceCents: 4990, yearlyPriceCents: 8990, freeSubscriptionEnabled: true, height: '167-169', hair: 'brown', eyes: 'brown', bodyType: 'fit', city: 'São Paulo' },
    art: { hue: 200, skinTone: 1, longHair: true, cover: 'mountains' },
    posts: [
      { text: 'Qual cidade visitamos no próximo mês?', hoursAgo: 20, poll: { options: ['Porto', 'Madri', 'Buenos Aires', 'Cidade do México'], votes: [5, 3, 7, 2] } },
      { text: 'Novo ensaio no ar! 📸', hoursAgo: 46, photos: ['mountains'] },
      { text: 'O ensaio completo de Lisboa, só para assinantes 🔒', hoursAgo: 70, subscribersOnly: true, photos: ['sunrise'] },
      { text: 'Bastidores da viagem a Lisboa.', hoursAgo: 120, photos: ['city'] },
      { text: 'Meu roteiro de viagem, dia a dia: para assinantes.', hoursAgo: 190, subscribersOnly: true },
    ],
    audience: { followers: 18, subscribers: 0 },
  },
  {
    account: { role: 'performer', email: 'creator2@fandeck.local', username: 'bruno.costa', name: 'Bruno Costa', firstName: 'Bruno', lastName: 'Costa', gender: 'male', countryCode: 'PT' },
    profile: { bio: 'Chef de cozinha. Receitas exclusivas toda semana.', monthlyPriceCents: 1490, quarterlyPriceCents: 3990, halfYearlyPriceCents: 7490, yearlyPriceCents: 12990, height: '182-184', hair: 'black', eyes: 'green', bodyType: 'muscular', city: 'Lisboa' },
    art: { hue: 20, skinTone: 2, longHair: false, cover: 'food' },
    posts: [
      { text: 'Receita da semana: risoto de cogumelos.', hoursAgo: 8, video: 'food' },
      { text: 'A receita do molho da casa, só para assinantes 🔒', hoursAgo: 30, subscribersOnly: true, photos: ['food'] },
      { text: 'Live de sábado confirmada!', hoursAgo: 54 },
      { text: 'Dica rápida: como afiar facas.', hoursAgo: 100, photos: ['food'] },
      { text: 'Meu caderno de sobremesas: para assinantes.', hoursAgo: 150, subscribersOnly: true },
    ],
    audience: { followers: 21, subscribers: 6 },
  },
  {
    account: { role: 'performer', email: 'creator3@fandeck.local', username: 'carla.souza', name: 'Carla Souza', firstName: 'Carla', lastName: 'Souza', gender: 'female', countryCode: 'US' },
    profile: { bio: 'Yoga teacher. Daily flows and wellness tips.', monthlyPriceCents: 595, quarterlyPriceCents: 1590, halfYearlyPriceCents: 2990, yearlyPriceCents: 295, height: '161-163', hair: 'blond', eyes: 'blue', bodyType: 'toned', city: 'San Diego' },
    art: { hue: 320, skinTone: 0, longHair: true, cover: 'sunrise' },
    posts: [
      { text: 'Morning flow, 20 minutes.', hoursAgo: 14, video: 'sunrise' },
      { text: 'The full 45-minute evening flow, for subscribers 🔒', hoursAgo: 60, subscribersOnly: true, photos: ['bokeh'] },
      { text: 'Breathing exercise for better sleep.', hoursAgo: 96, photos: ['sunrise'] },
      { text: 'My weekly wellness plan: for subscribers.', hoursAgo: 170, subscribersOnly: true },
    ],
    audience: { followers: 9, subscribers: 0 },
  },
  {
    account: { role: 'performer', email: 'creator4@fandeck.local', username: 'dudarocha', name: 'Duda Rocha', firstName: 'Duda', lastName: 'Rocha', gender: 'female', countryCode: 'BR' },
    profile: { bio: 'Cantora e compositora. Ensaios, inéditas e lives toda semana.', monthlyPriceCents: 1290, quarterlyPriceCents: 3490, halfYearlyPriceCents: 6490, yearlyPriceCents: 11990, freeSubscriptionEnabled: true, freeSubscriptionDays: 7, height: '170-172', hair: 'black', eyes: 'brown', bodyType: 'slim', city: 'Rio de Janeiro' },
    art: { hue: 275, skinTone: 3, longHair: true, cover: 'stage' },
    posts: [
      { text: 'Qual música entra no show de sábado?', hoursAgo: 4, poll: { options: ['Aquarela', 'Garota de Ipanema', 'Sozinho'], votes: [6, 9, 4] } },
      { text: 'Ensaio aberto hoje à noite 🎶', hoursAgo: 26, photos: ['stage'] },
      { text: 'Versão acústica inédita, só para assinantes 🔒', hoursAgo: 50, subscribersOnly: true, photos: ['bokeh'] },
      { text: 'Letra nova em primeira mão: para assinantes.', hoursAgo: 96, subscribersOnly: true },
      { text: 'Lançamento do single novo na sexta!', hoursAgo: 140 },
    ],
    audience: { followers: 24, subscribers: 15 },
  },
  {
    account: { role: 'performer', email: 'creator5@fandeck.local', username: 'leomartins', name: 'Leo Martins', firstName: 'Leo', lastName: 'Martins', gender: 'male', countryCode: 'BR' },
    profile: { bio: 'Personal trainer. Treinos curtos para fazer em casa.', monthlyPriceCents: 1990, quarterlyPriceCents: 5490, halfYearlyPriceCents: 9990, yearlyPriceCents: 17990, height: '179-181', hair: 'brown', eyes: 'hazel', bodyType: 'ripped', city: 'Curitiba' },
    art: { hue: 140, skinTone: 4, longHair: false, cover: 'gym' },
    posts: [
      { text: 'Treino de 15 minutos sem equipamento.', hoursAgo: 11, video: 'gym' },
      { text: 'Segunda é dia de perna!', hoursAgo: 80, photos: ['gym'] },
      { text: 'Plano de treino completo de 8 semanas: para assinantes.', hoursAgo: 110, subscribersOnly: true },
      { text: 'Aula bônus de mobilidade, só para assinantes 🔒', hoursAgo: 160, subscribersOnly: true },
    ],
    audience: { followers: 14, subscribers: 9 },
  },
  {
    account: { role: 'performer', email: 'creator6@fandeck.local', username: 'sofiareyes', name: 'Sofía Reyes', firstName: 'Sofía', lastName: 'Reyes', gender: 'female', countryCode: 'MX' },
    profile: { bio: 'Ilustradora. Proceso, bocetos y encargos.', monthlyPriceCents: 795, quarterlyPriceCents: 2190, halfYearlyPriceCents: 3990, yearlyPriceCents: 6990, height: '158-160', hair: 'red', eyes: 'amber', bodyType: 'petite', city: 'Ciudad de México' },
    art: { hue: 35, skinTone: 1, longHair: true, cover: 'bokeh' },
    posts: [
      { text: 'Nueva ilustración terminada ✨', hoursAgo: 36, photos: ['bokeh'] },
      { text: 'El proceso completo, solo para suscriptores 🔒', hoursAgo: 90, subscribersOnly: true, photos: ['mountains'] },
      { text: 'Bocetos de la semana: para suscriptores.', hoursAgo: 130, subscribersOnly: true },
      { text: 'Abro encargos la próxima semana.', hoursAgo: 200 },
    ],
    audience: { followers: 11, subscribers: 4 },
  },
];

const FIRST = ['Juliana', 'Rafael', 'Camila', 'Pedro', 'Larissa', 'Gustavo', 'Beatriz', 'Thiago', 'Mariana', 'Lucas', 'Fernanda', 'Diego'];
const LAST = ['Alves', 'Ribeiro'];

/**
 * The demo audience: fans who follow, subscribe, like and vote, so the counts a newcomer
 * sees are real rows. They cannot sign in (no one knows their password) and are not
 * printed with the demo logins.
 */
export const DEMO_AUDIENCE: DemoAccount[] = LAST.flatMap((lastName, row) =>
  FIRST.map((firstName, column) => {
    const n = row * FIRST.length + column + 1;
    return {
      role: 'user' as const,
      email: `audience${n}@fandeck.local`,
      username: `${firstName}${lastName}`.toLowerCase(),
      name: `${firstName} ${lastName}`,
      firstName,
      lastName,
      countryCode: n % 5 === 0 ? 'PT' : 'BR',
    };
  }),
);
