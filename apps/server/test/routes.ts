import type { FastifyInstance } from 'fastify';

/** One method and URL the server answers, as Fastify registered it (`:name` parameters). */
export type RegisteredRoute = { method: string; url: string };

/**
 * Every route of an app, read from `printRoutes`' tree. Its lines are radix-tree nodes: a node's
 * text continues its parent's (`/me` then `ntors` is `/mentors`), its depth is its indent, and a
 * node that answers lists its methods in parentheses. Parametric nodes that several routes share
 * print their names joined by `|` (`:id|:deckId`); each route gets the first name.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!node) continue;
    const depth = (node[1] ?? '').length / 4;
    const text = (node[2] ?? '').replace(/(:\w+)(\|:\w+)+/g, '$1');
    prefixes.length = depth;
    const url = `${prefixes.join('')}${text}`;
    prefixes.push(text);
    for (const method of node[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}

/**
 * `/api/v1/x/:id` and `/api/v1/x/{id}` → `/api/v1/x/{}`: a route's shape without its parameters'
 * names, which the router shares between routes of one shape (and the OpenAPI document spells
 * its own way).
 */
export const routeShape = (url: string) => url.replace(/:\w+|\{\w+\}/g, '{}');
