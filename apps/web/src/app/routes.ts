/** Every path of the home page (SPEC §2). */
export const homePaths: readonly string[] = ['/', '/index', '/index.html', '/home'];
export const registerPaths: readonly string[] = ['/register', '/register.html'];
