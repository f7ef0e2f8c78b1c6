import { meResponseSchema } from '@deckvalid/contract/auth';
import { founderInterestPageSchema } from '@deckvalid/contract/interests';
import { noContentResponseSchema } from '@deckvalid/contract/responses';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { registerErrorHandling } from './error-handler';
import { responseSerializerCompiler } from './response-serializer';

/**
 * The guarantee behind every route's `schema.response`: with the compilers app.ts sets, an
 * answer carries only the keys its contract schema declares, and one that breaks the schema
 * becomes a 500 instead of leaving as it is. A tiny app keeps each case to one route.
 */
let app: FastifyInstance;

const leakedSecret = 'argon2id$leaked-hash';

beforeAll(async () => {
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandling(app);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Handlers return rows with more in them than the contract allows, as a careless service would.
  const leakyUser = {
    id: 'usr-1',
    name: 'Ines',
    email: 'ines@example.test',
    role: 'user' as const,
    passwordHash: leakedSecret,
  };
  typed.get('/me', { schema: { response: { 200: meResponseSchema } } }, () =>
    Object.assign({ user: leakyUser }, { sessionId: 'ses-1' }),
  );
  typed.get('/interests', { schema: { response: { 200: founderInterestPageSchema } } }, () => {
    const interest = {
      id: 'int-1',
      status: 'pending' as const,
      note: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      investor: { ...{ id: 'inv-1', name: 'Ola', email: 'ola@example.test', firm: null }, passwordHash: leakedSecret },
      pitchDeck: { ...{ id: 'dek-1', title: 'Seed', company: 'Tidewater' }, founderId: 'usr-1' },
      investorId: 'inv-1',
    };
    return { data: [interest], meta: { page: 1, limit: 20, total: 1, hasMore: false, query: 'internal' } };
  });
  typed.get('/broken', { schema: { response: { 200: meResponseSchema } } }, () =>
    // A wrong type must not pass as it is: the serializer refuses instead of guessing.
    JSON.parse(`{"user":{"id":"usr-1","name":"Ines","email":"${leakedSecret}","role":"admin"}}`),
  );
  typed.get('/refused', { schema: { response: { 200: meResponseSchema } } }, () => {
    throw new AppError('NOT_FOUND', 'There is no such account.');
  });
  typed.delete('/thing', { schema: { response: { 204: noContentResponseSchema } } }, (_request, reply) =>
    reply.status(204).send(),
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('response serialization', () => {
  it('leaves out keys the schema does not declare, at the top and inside nested objects', async () => {
    const reply = await app.inject({ method: 'GET', url: '/me' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ user: { id: 'usr-1', name: 'Ines', email: 'ines@example.test', role: 'user' } });
    expect(reply.body).not.toContain(leakedSecret);
  });

  it('leaves them out of every item of a list and out of its meta', async () => {
    const reply = await app.inject({ method: 'GET', url: '/interests' });
    expect(reply.statusCode).toBe(200);
    const page = reply.json();
    expect(Object.keys(page.data[0]).sort()).toEqual(
      Object.keys(founderInterestPageSchema.shape.data.element.shape).sort(),
    );
    expect(Object.keys(page.data[0].investor).sort()).toEqual(['email', 'firm', 'id', 'name']);
    expect(Object.keys(page.data[0].pitchDeck).sort()).toEqual(['company', 'id', 'title']);
    expect(page.meta).toEqual({ page: 1, limit: 20, total: 1, hasMore: false });
    expect(reply.body).not.toContain(leakedSecret);
  });

  it('answers 500 without the offending data when an answer breaks its schema', async () => {
    const reply = await app.inject({ method: 'GET', url: '/broken' });
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toEqual({
      error: { code: 'INTERNAL', message: 'Something went wrong on our side. Try again in a moment.' },
    });
    expect(reply.body).not.toContain(leakedSecret);
  });

  it('shapes refusals by the error handler, not by the success schema', async () => {
    const reply = await app.inject({ method: 'GET', url: '/refused' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'There is no such account.' } });
  });

  it('sends nothing with a declared 204', async () => {
    const reply = await app.inject({ method: 'DELETE', url: '/thing' });
    expect(reply.statusCode).toBe(204);
    expect(reply.body).toBe('');
  });
});
