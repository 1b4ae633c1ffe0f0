/** A route as a file name: / → home, /about → about, /ms/ → ms, /ms/about → ms-about. */
export function routeFileName(route: string): string {
  return route.replace(/^\/|\/$/g, '').replaceAll('/', '-') || 'home';
}
