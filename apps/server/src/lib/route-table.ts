/**
 * The route table of a built app as Fastify prints it (`app.printRoutes({ commonPrefix: false })`): a tree of
 * path segments with their methods, turned back into (method, url) pairs. HEAD twins of GET routes are left
 * out. Tests walk it so that routes added later are covered without a hand-kept list.
 */
export interface Route {
  method: string;
  url: string;
}

/** The route table as Fastify prints it (a tree of path segments with their methods). */
export function routesFromPrintout(printout: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of printout.split('\n')) {
    const m = /^(.*?)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = Array.from(m[1] ?? '').length / 4;
    const url = (depth > 0 ? (stack[depth - 1] ?? '') : '') + (m[2] ?? '');
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim()))
      if (method && method !== 'HEAD') routes.push({ method, url });
  }
  return routes;
}
