import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for S3 in tests: one bucket, path-style URLs, objects in memory. It speaks the real
 * REST protocol and checks AWS Signature Version 4 the way S3 does, so the SDK and presigned
 * URLs are exercised for real; it leaves out everything the app does not use (listing,
 * multipart, versions, ACLs). With `cors` it also answers browsers as a bucket with a CORS rule.
 */
export type S3Double = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  close: () => Promise<void>;
};

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** SigV4's URI encoding: RFC 3986 unreserved characters stay, everything else is %XX. */
const uriEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Query pairs as sent; `+` is not a space in SigV4 (clients send %20). */
function parseQuery(raw: string): [string, string][] {
  if (!raw) return [];
  return raw.split('&').map((part) => {
    const at = part.indexOf('=');
    const [name, value] = at === -1 ? [part, ''] : [part.slice(0, at), part.slice(at + 1)];
    return [decodeURIComponent(name), decodeURIComponent(value)];
  });
}

/** 20261122T064003Z → milliseconds. */
function parseAmzDate(value: string | undefined): number {
  const iso = (value ?? '').replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z');
  const time = iso === value ? Number.NaN : Date.parse(iso);
  if (Number.isNaN(time)) throw new S3Error(403, 'AccessDenied', 'X-Amz-Date is missing or malformed.');
  return time;
}

type Signed = { credential: string; amzDate: string; signedHeaders: string[]; signature: string; payloadHash: string };

/** The request's signature parts, from the query (presigned URL) or the Authorization header. */
function readSignature(request: IncomingMessage, query: Map<string, string>): Signed {
  if (query.has('X-Amz-Signature')) {
    if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') {
      throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Algorithm must be AWS4-HMAC-SHA256.');
    }
    const expires = Number(query.get('X-Amz-Expires'));
    if (!Number.isInteger(expires) || expires < 1 || expires > 604_800) {
      throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires must be 1 to 604800 seconds.');
    }
    const amzDate = query.get('X-Amz-Date') ?? '';
    if (Date.now() > parseAmzDate(amzDate) + expires * 1000)
      throw new S3Error(403, 'AccessDenied', 'Request has expired');
    return {
      credential: query.get('X-Amz-Credential') ?? '',
      amzDate,
      signedHeaders: (query.get('X-Amz-SignedHeaders') ?? '').split(';'),
      signature: query.get('X-Amz-Signature') ?? '',
      // A presigned URL cannot know the body, so its payload is always declared unsigned.
      payloadHash: 'UNSIGNED-PAYLOAD',
    };
  }
  const header = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/;
  const [, credential, signedHeaders, signature] = header.exec(request.headers.authorization ?? '') ?? [];
  if (!credential || !signedHeaders || !signature)
    throw new S3Error(403, 'AccessDenied', 'Anonymous access is denied.');
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  // S3 refuses header-signed requests more than 15 minutes away from its clock (replay window).
  if (Math.abs(Date.now() - parseAmzDate(amzDate)) > 15 * 60_000) {
    throw new S3Error(403, 'RequestTimeTooSkewed', 'The difference between the request time and now is too large.');
  }
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (!payloadHash) throw new S3Error(400, 'InvalidRequest', 'Missing required header x-amz-content-sha256.');
  return { credential, amzDate, signedHeaders: signedHeaders.split(';'), signature, payloadHash };
}

/** Recomputes the SigV4 signature: canonical request → string to sign → key derived by the HMAC chain. */
function verifySignature(
  double: Pick<S3Double, 'region' | 'accessKeyId' | 'secretAccessKey'>,
  request: IncomingMessage,
  rawPath: string,
  pairs: [string, string][],
  signed: Signed,
) {
  const [accessKeyId, day, region, service, terminator] = signed.credential.split('/');
  if (accessKeyId !== double.accessKeyId) {
    throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  if (!day || day !== signed.amzDate.slice(0, 8) || service !== 's3' || terminator !== 'aws4_request') {
    throw new S3Error(403, 'AuthorizationHeaderMalformed', `The credential scope ${signed.credential} is malformed.`);
  }
  if (region !== double.region) {
    throw new S3Error(400, 'AuthorizationHeaderMalformed', `The region '${region}' is wrong; use '${double.region}'.`);
  }
  if (!signed.signedHeaders.includes('host')) throw new S3Error(403, 'AccessDenied', 'Host must be a signed header.');
  const headerLines = signed.signedHeaders.map((name) => {
    const value = request.headers[name];
    // A signed header the request does not carry can only mean the signature does not match.
    if (value === undefined) throw new S3Error(403, 'SignatureDoesNotMatch', `Signed header ${name} is missing.`);
    return `${name}:${String(value).trim().replace(/\s+/g, ' ')}`;
  });
  // S3 encodes the path once (segment by segment) and sorts the query by encoded name, then value.
  const canonicalUri = rawPath
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = pairs
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [uriEncode(name), uriEncode(value)])
    .sort(([a = '', x = ''], [b = '', y = '']) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [
    request.method,
    canonicalUri,
    canonicalQuery,
    `${headerLines.join('\n')}\n`,
    signed.signedHeaders.join(';'),
    signed.payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', signed.amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${double.secretAccessKey}`, day), region), 's3'), 'aws4_request');
  const expected = Buffer.from(createHmac('sha256', key).update(stringToSign).digest('hex'));
  const given = Buffer.from(signed.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new S3Error(403, 'SignatureDoesNotMatch', 'The signature we calculated does not match the one given.');
  }
}

/**
 * The object bytes of a PUT. A hex payload hash must match the body; `STREAMING-…` bodies are
 * aws-chunked (`<hex size>[;chunk-signature=…]\r\n<bytes>\r\n` … `0…\r\n<trailers>\r\n`), of
 * which only the seed signature (the Authorization header) is checked here, not each chunk's.
 */
function decodePayload(request: IncomingMessage, raw: Buffer, { payloadHash: hash, signedHeaders }: Signed): Buffer {
  if (hash.startsWith('STREAMING-')) {
    const chunks: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = raw.indexOf('\r\n', at);
      if (lineEnd === -1) throw new S3Error(400, 'IncompleteBody', 'The aws-chunked body ends early.');
      const size = Number.parseInt(raw.subarray(at, lineEnd).toString('latin1').split(';')[0] ?? '', 16);
      if (!Number.isFinite(size)) throw new S3Error(400, 'InvalidRequest', 'Malformed aws-chunked body.');
      if (size === 0) break;
      chunks.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    const body = Buffer.concat(chunks);
    if (Number(request.headers['x-amz-decoded-content-length'] ?? body.length) !== body.length) {
      throw new S3Error(400, 'IncompleteBody', 'The body is not x-amz-decoded-content-length bytes long.');
    }
    return body;
  }
  if (hash !== 'UNSIGNED-PAYLOAD' && sha256Hex(raw) !== hash) {
    throw new S3Error(400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 does not match the body.');
  }
  // A different length already fails the signature; this catches a body cut short of the signed one.
  if (signedHeaders.includes('content-length') && Number(request.headers['content-length']) !== raw.length) {
    throw new S3Error(400, 'IncompleteBody', 'The body is shorter or longer than the signed Content-Length.');
  }
  return raw;
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` → inclusive bounds; null serves the whole object. */
function parseRange(header: string | undefined, size: number): [number, number] | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return null;
  const [start, end] =
    m[1] === ''
      ? [Math.max(0, size - Number(m[2])), size - 1]
      : [Number(m[1]), Math.min(size - 1, Number(m[2] || size - 1))];
  if (start >= size || end < start) throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable.');
  return [start, end];
}

/**
 * The bucket's CORS configuration (S3's PutBucketCors), reduced to one rule whose origins vary:
 * `*` or exact origins such as `http://127.0.0.1:5173`. Methods and headers are what the web
 * app's uploads and pdf.js need, so a browser asking for anything more is refused, as S3 would.
 */
/** A bucket's CORS rule; `allowedOrigins` is read on every request, so origins may join later. */
export type S3CorsRule = { allowedOrigins: string[] };

const corsAllowedMethods = ['GET', 'PUT', 'HEAD'];
const corsAllowedHeaders = ['content-type', 'if-none-match', 'range'];
// Without these a cross-origin script cannot read them: pdf.js needs the length and ranges.
const corsExposeHeaders = 'ETag, Content-Range, Accept-Ranges, Content-Length';

/** What S3 puts in Access-Control-Allow-Origin for this origin: `*` for a wildcard rule, else the origin. */
function allowedOrigin(cors: S3CorsRule, origin: string | undefined): string | null {
  if (origin === undefined) return null;
  if (cors.allowedOrigins.includes('*')) return '*';
  return cors.allowedOrigins.includes(origin) ? origin : null;
}

/**
 * A preflight (OPTIONS) is answered from the CORS rule alone: the browser sends it without the
 * URL's signature headers, so S3 never checks a signature here. S3 echoes the requested headers.
 */
function answerPreflight(cors: S3CorsRule | undefined, request: IncomingMessage, response: ServerResponse) {
  if (!cors) throw new S3Error(403, 'AccessForbidden', 'CORSResponse: CORS is not enabled for this bucket.');
  const method = request.headers['access-control-request-method'];
  if (!request.headers.origin || !method) {
    throw new S3Error(400, 'BadRequest', 'Insufficient information. Origin request header needed.');
  }
  const requestedHeaders = (request.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const origin = allowedOrigin(cors, request.headers.origin);
  if (
    !origin ||
    !corsAllowedMethods.includes(method) ||
    requestedHeaders.some((name) => !corsAllowedHeaders.includes(name))
  ) {
    throw new S3Error(403, 'AccessForbidden', 'CORSResponse: This CORS request is not allowed.');
  }
  response.writeHead(200, {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Methods': corsAllowedMethods.join(', '),
    ...(requestedHeaders.length > 0 && { 'Access-Control-Allow-Headers': requestedHeaders.join(', ') }),
    'Access-Control-Expose-Headers': corsExposeHeaders,
    'Access-Control-Max-Age': '3000',
    Vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
  });
  response.end();
}

/**
 * Starts the double on a free port of 127.0.0.1. Without `cors` it refuses every preflight, as a
 * bucket without a CORS rule does, so only server-side callers (the SDK, fetch in Node) reach it.
 */
export async function startS3Server(
  options: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string; cors?: S3CorsRule } = {},
): Promise<S3Double> {
  const bucket = options.bucket ?? 'pitchlane-test';
  const credentials = {
    region: options.region ?? 'us-east-1',
    accessKeyId: options.accessKeyId ?? 'AKIATESTDOUBLE000001',
    secretAccessKey: options.secretAccessKey ?? 'test-double-secret-access-key/0123456789',
  };
  const objects: S3Double['objects'] = new Map();

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    // Read the whole body before answering, even a refusal, so the client sees the answer, not a reset.
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const [rawPath = '/', rawQuery = ''] = (request.url ?? '/').split('?', 2);
    const pairs = parseQuery(rawQuery);
    const query = new Map(pairs);
    const [, bucketName, ...keyParts] = rawPath.split('/').map(decodeURIComponent);
    const key = keyParts.join('/');
    if (bucketName !== bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist.');
    if (request.method === 'OPTIONS') return answerPreflight(options.cors, request, response);
    const signed = readSignature(request, query);
    verifySignature(credentials, request, rawPath, pairs, signed);
    if (!key) throw new S3Error(501, 'NotImplemented', 'Bucket operations are not implemented by the test double.');

    if (request.method === 'PUT') {
      const body = decodePayload(request, Buffer.concat(chunks), signed);
      const contentType = request.headers['content-type'] ?? 'binary/octet-stream';
      // S3's conditional write: `If-None-Match: *` stores only when the key is free.
      if (request.headers['if-none-match'] === '*' && objects.has(key)) {
        throw new S3Error(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
      }
      objects.set(key, { body, contentType });
      response.writeHead(200, { ETag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
    } else if (request.method === 'GET' || request.method === 'HEAD') {
      const object = objects.get(key);
      if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
      const range = request.method === 'GET' ? parseRange(request.headers.range, object.body.length) : null;
      const body = range ? object.body.subarray(range[0], range[1] + 1) : object.body;
      response.writeHead(range ? 206 : 200, {
        'Content-Type': query.get('response-content-type') ?? object.contentType,
        ...(query.has('response-content-disposition') && {
          'Content-Disposition': query.get('response-content-disposition'),
        }),
        'Content-Length': body.length,
        'Accept-Ranges': 'bytes',
        ETag: `"${createHash('md5').update(object.body).digest('hex')}"`,
        ...(range && { 'Content-Range': `bytes ${range[0]}-${range[1]}/${object.body.length}` }),
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    } else if (request.method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204).end();
    } else {
      throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  }

  const server = createServer((request, response) => {
    const origin = options.cors && request.method !== 'OPTIONS' && allowedOrigin(options.cors, request.headers.origin);
    if (origin) {
      // Set before any answer, refusals included: without them the browser hides S3's error from the page.
      response.setHeader('Access-Control-Allow-Origin', origin);
      response.setHeader('Access-Control-Expose-Headers', corsExposeHeaders);
      response.setHeader('Vary', 'Origin');
    }
    handle(request, response).catch((error: unknown) => {
      const s3Error = error instanceof S3Error ? error : new S3Error(500, 'InternalError', String(error));
      // HEAD answers carry no body, so the SDK sees only the status (and names a 404 `NotFound`).
      if (request.method === 'HEAD') return void response.writeHead(s3Error.status).end();
      response.writeHead(s3Error.status, { 'Content-Type': 'application/xml' });
      response.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${s3Error.code}</Code>` +
          `<Message>${s3Error.message.replace(/[<&]/g, '')}</Message><Resource>${request.url?.split('?')[0]}</Resource></Error>`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    ...credentials,
    objects,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
