/** Every path of the home page (SPEC §2). */
export const homePaths: readonly string[] = ['/', '/index', '/index.html', '/home'];
export const registerPaths: readonly string[] = ['/register', '/register.html'];
/** SPEC §2 /game: a launched game in a frame under the header. */
export const GAME_FRAME_PATH = '/game';

/** Every game lobby route (SPEC §2: one page with a category parameter). */
export const lobbyPaths: readonly string[] = [
  '/rng',
  '/pvp',
  '/live',
  '/fish',
  '/sports',
  '/esports',
  '/inhouse',
  '/elott',
];
