import { credentialHeaders } from '@deckvalid/contract/auth';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestContext } from '../../test/build';
import { registeredRoutes, routeShape } from '../../test/routes';
import { openApiPaths } from './openapi';

type Operation = {
  tags?: string[];
  security?: Record<string, string[]>[];
  description?: string;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  parameters?: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; name?: string }>; schemas: Record<string, unknown> };
};

let ctx: TestContext;
let document: Document;

beforeAll(async () => {
  ctx = await build();
  const reply = await ctx.app.fastify.inject({ method: 'GET', url: openApiPaths.document });
  expect(reply.statusCode).toBe(200);
  document = reply.json();
});

afterAll(async () => {
  await ctx.close();
});

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors, JSON.stringify(result.errors, null, 2)?.slice(0, 2_000)).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('describes every route under /api but its own', () => {
    const own = (url: string) => url === openApiPaths.document || url.startsWith(openApiPaths.reference);
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${routeShape(path)}`),
      ),
    );
    const api = registeredRoutes(ctx.app.fastify).filter(
      ({ method, url }) => method !== 'HEAD' && url.startsWith('/api/') && !own(url),
    );
    expect(api.length).toBeGreaterThan(100);
    const missing = api.filter(({ method, url }) => !documented.has(`${method} ${routeShape(url)}`));
    expect(missing).toEqual([]);
  });

  it('gives bodies, parameters and answers from the routes’ own schemas', () => {
    const register = document.paths['/api/v1/users/register']?.post;
    expect(register?.requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { email: expect.any(Object), password: expect.any(Object) },
    });
    const milestone = document.paths['/api/v1/milestones/{id}']?.get;
    expect(milestone?.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
    expect(milestone?.responses['200']?.content?.['application/json']?.schema).toMatchObject({ type: 'object' });
  });

  it('groups operations by the module that serves them', () => {
    expect(document.paths['/api/v1/users/register']?.post?.tags).toEqual(['auth']);
    expect(document.paths['/api/v1/users/mentors']?.get?.tags).toEqual(['mentors']);
    expect(document.paths['/api/v1/milestones/{id}']?.get?.tags).toEqual(['milestones']);
    expect(document.paths['/api/health']?.get?.tags).toEqual(['health']);
  });

  it('gives every operation the one error body', () => {
    expect(document.components.schemas.Error).toMatchObject({
      type: 'object',
      properties: { error: { type: 'object', required: expect.arrayContaining(['code', 'message']) } },
    });
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.responses['4XX']?.content?.['application/json']?.schema, `${method} ${path}`).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
    }
  });

  it('names the three credentials of a signed-in call, and only on routes that check them', () => {
    const schemes = document.components.securitySchemes;
    expect(schemes.bearerToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.controlSignature).toMatchObject({ type: 'apiKey', name: credentialHeaders.controlSignature });
    expect(schemes.hashToken).toMatchObject({ type: 'apiKey', name: credentialHeaders.hashToken });
    const signedIn = [{ bearerToken: [], controlSignature: [], hashToken: [] }];
    expect(document.paths['/api/v1/milestones']?.post?.security).toEqual(signedIn);
    expect(document.paths['/api/v1/milestones']?.post?.description).toContain('For signed-in founders.');
    expect(document.paths['/api/v1/chats/rooms']?.get?.security).toEqual(signedIn);
    expect(document.paths['/api/v1/users/login']?.post?.security).toBeUndefined();
    expect(document.paths['/api/v1/links/{slug}/file']?.get?.security).toEqual([{ viewerToken: [] }]);
  });
});

describe('the API reference page', () => {
  it('is served from the product’s own files and reads the document', async () => {
    const page = await ctx.app.fastify.inject({ method: 'GET', url: `${openApiPaths.reference}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(sources.length).toBeGreaterThan(0);
    // Nothing from another origin: every script and style is a file of this server.
    expect(sources.filter((source) => /^(https?:)?\/\//.test(source))).toEqual([]);
    const initializer = await ctx.app.fastify.inject({
      method: 'GET',
      url: `${openApiPaths.reference}/static/swagger-initializer.js`,
    });
    expect(initializer.statusCode).toBe(200);
    // The page reads the plugin's own copy of the document: the same generated document.
    const read = await ctx.app.fastify.inject({ method: 'GET', url: `${openApiPaths.reference}/json` });
    expect(read.json()).toEqual(document);
    const styles = await ctx.app.fastify.inject({
      method: 'GET',
      url: `${openApiPaths.reference}/static/swagger-ui.css`,
    });
    expect(styles.headers['content-type']).toContain('text/css');
    expect(styles.body.length).toBeGreaterThan(1_000);
  });
});
