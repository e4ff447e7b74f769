export interface NginxLocation {
  exact: boolean;
  path: string;
  /** The upstream (a compose service) of a proxying location; null for one that answers itself. */
  service: string | null;
}

const LOCATION = /location\s+(?:(\S+)\s+)?(\/\S*)\s*\{([^{}]*)\}/g;

/**
 * The locations of deploy/nginx.conf. Only exact (`=`) and plain prefix locations are understood, which
 * is all the file uses; any other modifier throws so the matcher below never silently misreads it.
 */
export function parseNginxLocations(config: string): NginxLocation[] {
  return [...config.matchAll(LOCATION)].map(([, modifier, path, body]) => {
    if (modifier !== undefined && modifier !== '=')
      throw new Error(`unsupported location modifier "${modifier}"`);
    const service = /set \$service ([\w-]+);/.exec(body!)?.[1] ?? null;
    if (service !== null && !body!.includes('proxy_pass http://$service:8080;')) {
      throw new Error(`location ${path} sets $service but does not proxy to it`);
    }
    return { exact: modifier === '=', path: path!, service };
  });
}

/** nginx's choice for a request path: an exact match, else the longest matching prefix. */
export function nginxLocationFor(
  locations: readonly NginxLocation[],
  requestPath: string,
): NginxLocation | null {
  const exact = locations.find((location) => location.exact && location.path === requestPath);
  if (exact) return exact;
  const prefixes = locations.filter((location) => !location.exact && requestPath.startsWith(location.path));
  return prefixes.sort((a, b) => b.path.length - a.path.length)[0] ?? null;
}
