import { credentialHeaders } from '@deckvalid/contract/auth';
import { errorResponseSchema } from '@deckvalid/contract/errors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardedFor } from '@/core/identity/guard';

/** The API's version, as its paths name it (`/api/v1/…`). */
export const apiVersion = '1.0.0';

/** Where the document and its reference page are served. */
export const openApiPaths = { document: '/api/openapi.json', reference: '/api/docs' } as const;

/** The three credentials every signed-in call presents (core/identity/guard.ts). */
const signedInSecurity = [{ bearerToken: [], controlSignature: [], hashToken: [] }];

/** What a share link's visitor presents once through its gate: the file and views calls. */
export const viewerTokenSecurity = [{ viewerToken: [] }];

const securitySchemes = {
  bearerToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The access token a sign-in answered with (`tokens.token`).',
  },
  controlSignature: {
    type: 'apiKey',
    in: 'header',
    name: credentialHeaders.controlSignature,
    description: 'The control signature a sign-in answered with (`tokens.controlSignature`).',
  },
  hashToken: {
    type: 'apiKey',
    in: 'header',
    name: credentialHeaders.hashToken,
    description: 'The hash token a sign-in answered with (`tokens.hashToken`).',
  },
  viewerToken: {
    type: 'http',
    scheme: 'bearer',
    description: "A share link's viewer token, from `POST /api/v1/links/{slug}/access`.",
  },
} as const;

/** What each success status means, for answers whose schema does not say. */
const successDescriptions: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'Done, nothing to answer',
};

/** The one error body, answered with every 4xx and 5xx (contract/errors.ts). */
const errorSchemaRef = { $ref: '#/components/schemas/Error' };

/**
 * A module's routes as one plugin whose routes the document groups under the module's name
 * (a route's own `tags` win). Register each module's routes through it.
 */
export function documentedAs(
  name: string,
  routes: (app: FastifyInstance) => Promise<void>,
): (app: FastifyInstance) => Promise<void> {
  return async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, tags: route.schema?.tags ?? [name] };
    });
    await routes(scope);
  };
}

function hooksOf(route: RouteOptions): unknown[] {
  const hooks = route.onRequest;
  if (!hooks) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/**
 * Serves the API's OpenAPI 3.1 document, generated from each route's own zod schemas, and a
 * reference page from swagger-ui's own files (no CDN). Register before the modules' routes: the
 * document collects routes as they are added. Each route gains what its options already say:
 * who may call it (the guard on its `onRequest`), the shared error body, and a tag.
 */
export async function registerOpenApi(fastify: FastifyInstance, info: { title: string; version: string }) {
  await fastify.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        ...info,
        description:
          'Every call under /api. Signed-in calls present three credentials from a sign-in; errors share one body, whose `error.code` decides the status.',
      },
      components: {
        securitySchemes: securitySchemes as never,
        schemas: { Error: z.toJSONSchema(errorResponseSchema, { target: 'draft-2020-12' }) as never },
      },
    },
    hideUntagged: false,
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const { route } = input;
      const schema = transformed.schema as Record<string, unknown>;
      const guardedBy = hooksOf(route as RouteOptions)
        .map((hook) => guardedFor(hook))
        .find(Boolean);
      const responses = Object.fromEntries(
        Object.entries((schema.response as Record<string, Record<string, unknown>> | undefined) ?? {}).map(
          ([status, answer]) => [status, { description: successDescriptions[status] ?? 'Answered', ...answer }],
        ),
      );
      return {
        url: transformed.url,
        schema: {
          ...schema,
          ...(guardedBy
            ? {
                security: signedInSecurity,
                description: [schema.description, `For ${guardedBy}.`].filter(Boolean).join(' '),
              }
            : {}),
          response: {
            ...responses,
            '4XX': {
              description: 'Refused: `error.code` says why.',
              content: { 'application/json': { schema: errorSchemaRef } },
            },
            '5XX': {
              description: 'Failed or unavailable: `error.code` is INTERNAL or UNAVAILABLE.',
              content: { 'application/json': { schema: errorSchemaRef } },
            },
          },
        },
      };
    },
  });
  fastify.get(openApiPaths.document, { schema: { hide: true } }, async () => fastify.swagger());
  await fastify.register(swaggerUi, {
    routePrefix: openApiPaths.reference,
    // The page reads the same document from the plugin's own `/api/docs/json`; no top bar with
    // another product's logo and a box for other documents' URLs.
    uiConfig: { deepLinking: true, layout: 'BaseLayout', docExpansion: 'none' },
    theme: { title: `${info.title} reference` },
    staticCSP: false,
  });
}
