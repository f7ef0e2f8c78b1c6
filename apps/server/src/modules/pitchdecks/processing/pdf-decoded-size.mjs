// @ts-check
// Bounds what pdf.js could decode from a PDF before pdf.js is given it. pdf.js holds every
// stream it decodes (page contents, fonts, object streams) whole in memory, growing its buffer
// by doubling, and nothing in its API caps that: a 1 MB page whose content inflates to 1 GiB of
// spaces cost the server 1.5 GB and 15 s. So each stream is decoded here first, as a stream of
// chunks that are counted and dropped, and the scan stops as soon as the total passes a budget.
//
// What pdf.js reads is decided by its own parser, so this scan errs on the side of decoding more:
// every `stream` keyword in the file is looked at (not only those the cross-reference table
// names), unknown or indirect filters are guessed from the data, streams inside object streams
// are followed, and a stream whose length cannot be trusted is read to where its compressed data
// ends by itself. Images are the one exception to the shared budget: text extraction never
// decodes them, but a stream marked as an image could still be used as page content, so each
// image must decode within its own declared size (and a hard cap).
//
// Encrypted files are decrypted as pdf.js would open them (no password: owner-restricted PDFs
// need none), since an encrypted bomb is as easy to make as a plain one.
//
// Not covered: streams in image codecs (DCT, JPX, JBIG2, CCITT) used as page content, and an
// encryption dictionary stored inside an object stream. Those rely on the worker's time and heap
// limits (pdf-pool.ts). Plain ESM JavaScript for the reason given in pdf.worker.mjs.
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { constants, createInflate, inflateSync } from 'node:zlib';

/** Decoding passed a budget: the scan ends there. */
class OverBudget extends Error {}

/** Bytes that decoding may still produce. */
class Budget {
  /** @param {number} bytes */
  constructor(bytes) {
    this.left = bytes;
  }

  /** @param {number} bytes */
  take(bytes) {
    this.left -= bytes;
    if (this.left < 0) throw new OverBudget('decoded-size budget exceeded');
  }
}

/** Compressed input handed to a decoder at once: a Flate write then yields at most ~8 MiB. */
const inputChunkBytes = 8 * 1024;
/** Decoded output handed on at once by the decoders written here. */
const outputChunkBytes = 64 * 1024;
/** A stream this small decodes in one synchronous call; most content streams and fonts are. */
const smallStreamBytes = 1024 * 1024;
/** An object stream is decoded into memory to read the objects inside it; none is this large. */
const maxObjectStreamBytes = 32 * 1024 * 1024;
/** pdf.js follows object streams inside object streams; deeper than this is only an attack. */
const maxNesting = 4;

// ---------------------------------------------------------------------------------------------
// Reading PDF syntax, as far as finding stream dictionaries needs.

const whitespace = 1;
const delimiter = 2;
const charClass = new Uint8Array(256);
for (const code of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) charClass[code] = whitespace;
for (const char of '()<>[]{}/%') charClass[char.charCodeAt(0)] = delimiter;

/** @param {number | undefined} code */
const isRegular = (code) => code !== undefined && charClass[code] === 0;

/**
 * @typedef {{ ref: number }} Ref
 * @typedef {{ name: string }} Name
 * @typedef {number | boolean | null | Buffer | Ref | Name | PdfValue[] | Map<string, PdfValue>} PdfValue
 * @typedef {{ kind: 'number', value: number } | { kind: 'name', value: string } | { kind: 'keyword', value: string }
 *   | { kind: 'string', value: Buffer } | { kind: '<<' | '>>' | '[' | ']' | 'other' }} Token
 */

/** What a value that could not be parsed becomes. */
const invalid = Symbol('invalid');

class Lexer {
  /**
   * @param {Buffer} bytes
   * @param {number} pos
   */
  constructor(bytes, pos) {
    this.bytes = bytes;
    this.pos = pos;
  }

  skipSpace() {
    const { bytes } = this;
    while (this.pos < bytes.length) {
      const code = bytes[this.pos];
      if (code === 0x25) {
        while (this.pos < bytes.length && bytes[this.pos] !== 0x0a && bytes[this.pos] !== 0x0d) this.pos += 1;
      } else if (code !== undefined && charClass[code] === whitespace) {
        this.pos += 1;
      } else {
        return;
      }
    }
  }

  /** @returns {Token | null} */
  next() {
    this.skipSpace();
    const { bytes } = this;
    if (this.pos >= bytes.length) return null;
    const code = bytes[this.pos];
    if (code === 0x28) return { kind: 'string', value: this.readLiteralString() };
    if (code === 0x3c) {
      if (bytes[this.pos + 1] === 0x3c) {
        this.pos += 2;
        return { kind: '<<' };
      }
      const end = bytes.indexOf(0x3e, this.pos);
      const digits = bytes.toString('latin1', this.pos + 1, end < 0 ? bytes.length : end).replace(/[^0-9a-fA-F]/g, '');
      this.pos = end < 0 ? bytes.length : end + 1;
      return { kind: 'string', value: Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex') };
    }
    if (code === 0x3e) {
      const isDictEnd = bytes[this.pos + 1] === 0x3e;
      this.pos += isDictEnd ? 2 : 1;
      return { kind: isDictEnd ? '>>' : 'other' };
    }
    if (code === 0x5b || code === 0x5d) {
      this.pos += 1;
      return { kind: code === 0x5b ? '[' : ']' };
    }
    if (code === 0x2f) {
      this.pos += 1;
      return { kind: 'name', value: this.readName() };
    }
    if (!isRegular(code)) {
      this.pos += 1;
      return { kind: 'other' };
    }
    const start = this.pos;
    while (isRegular(bytes[this.pos])) this.pos += 1;
    const word = bytes.toString('latin1', start, this.pos);
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return { kind: 'number', value: Number(word) };
    return { kind: 'keyword', value: word };
  }

  /** A literal string's bytes, escapes read as pdf.js reads them (the encryption keys are strings). */
  readLiteralString() {
    const { bytes } = this;
    /** @type {number[]} */
    const out = [];
    let depth = 1;
    this.pos += 1;
    while (this.pos < bytes.length) {
      const code = bytes[this.pos++] ?? 0;
      if (code === 0x28) depth += 1;
      if (code === 0x29 && --depth === 0) break;
      if (code !== 0x5c) {
        out.push(code);
        continue;
      }
      const escaped = bytes[this.pos++];
      if (escaped === undefined) break;
      const simple = { 110: 0x0a, 114: 0x0d, 116: 0x09, 98: 0x08, 102: 0x0c }[escaped];
      if (simple !== undefined) {
        out.push(simple);
      } else if (escaped >= 0x30 && escaped <= 0x37) {
        let value = escaped - 0x30;
        for (
          let digits = 1;
          digits < 3 && (bytes[this.pos] ?? 0) >= 0x30 && (bytes[this.pos] ?? 0) <= 0x37;
          digits += 1
        ) {
          value = value * 8 + ((bytes[this.pos++] ?? 0) - 0x30);
        }
        out.push(value & 0xff);
      } else if (escaped === 0x0d) {
        if (bytes[this.pos] === 0x0a) this.pos += 1;
      } else if (escaped !== 0x0a) {
        out.push(escaped);
      }
    }
    return Buffer.from(out);
  }

  readName() {
    const { bytes } = this;
    const start = this.pos;
    while (isRegular(bytes[this.pos])) this.pos += 1;
    return bytes
      .toString('latin1', start, this.pos)
      .replace(/#([0-9a-fA-F]{2})/g, (_match, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
}

/**
 * The next value at the lexer, or `invalid`.
 * @param {Lexer} lexer
 * @param {number} [depth]
 * @returns {PdfValue | typeof invalid}
 */
function parseValue(lexer, depth = 0) {
  if (depth > 32) return invalid;
  const token = lexer.next();
  if (!token) return invalid;
  switch (token.kind) {
    case 'number': {
      if (Number.isInteger(token.value) && token.value >= 0) {
        const mark = lexer.pos;
        const generation = lexer.next();
        if (generation?.kind === 'number' && Number.isInteger(generation.value)) {
          const r = lexer.next();
          if (r?.kind === 'keyword' && r.value === 'R') return { ref: token.value };
        }
        lexer.pos = mark;
      }
      return token.value;
    }
    case 'name':
      return { name: token.value };
    case 'string':
      return token.value;
    case '<<': {
      /** @type {Map<string, PdfValue>} */
      const dict = new Map();
      for (;;) {
        const key = lexer.next();
        if (key?.kind === '>>') return dict;
        if (key?.kind !== 'name') return invalid;
        const value = parseValue(lexer, depth + 1);
        if (value === invalid) return invalid;
        dict.set(key.value, value);
      }
    }
    case '[': {
      /** @type {PdfValue[]} */
      const array = [];
      for (;;) {
        const mark = lexer.pos;
        const next = lexer.next();
        if (next?.kind === ']') return array;
        if (!next) return invalid;
        lexer.pos = mark;
        const value = parseValue(lexer, depth + 1);
        if (value === invalid) return invalid;
        array.push(value);
      }
    }
    case 'keyword':
      if (token.value === 'true' || token.value === 'false') return token.value === 'true';
      if (token.value === 'null') return null;
      return invalid;
    default:
      return invalid;
  }
}

/**
 * @param {PdfValue | undefined} value
 * @returns {value is Ref}
 */
const isRef = (value) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value) && 'ref' in value;

/**
 * @param {PdfValue | undefined} value
 * @returns {string | null}
 */
const nameOf = (value) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value) && 'name' in value
    ? value.name
    : null;

const streamKeyword = Buffer.from('stream', 'latin1');
const endstreamKeyword = Buffer.from('endstream', 'latin1');
const objKeyword = Buffer.from('obj', 'latin1');

/** Whether `bytes` hold a keyword of `length` bytes at `at`, not part of a longer word. */
function isKeywordAt(/** @type {Buffer} */ bytes, /** @type {number} */ at, /** @type {number} */ length) {
  return (at === 0 || !isRegular(bytes[at - 1])) && !isRegular(bytes[at + length]);
}

/** Where stream data starts after the `stream` keyword ending at `pos`, as pdf.js's skipToNextLine finds it. */
function afterLine(/** @type {Buffer} */ bytes, /** @type {number} */ pos) {
  for (let at = pos; at < bytes.length; at += 1) {
    if (bytes[at] === 0x0d) return bytes[at + 1] === 0x0a ? at + 2 : at + 1;
    if (bytes[at] === 0x0a) return at + 1;
  }
  return bytes.length;
}

/**
 * @typedef {{ number: number, generation: number }} ObjectId
 * @typedef {{ dict: Map<string, PdfValue> | null, object: ObjectId | null, dataStart: number, dataEnd: number }} FoundStream
 */

/**
 * The top-level objects of a file: where each `N G obj` header ends, in file order, and the
 * latest such place per object number (a later revision of an object replaces an earlier one).
 */
class ObjectIndex {
  /** @param {Buffer} bytes */
  constructor(bytes) {
    this.bytes = bytes;
    /** @type {{ start: number, id: ObjectId }[]} */
    this.headers = [];
    /** @type {Map<number, number>} */
    this.byNumber = new Map();
    for (let at = bytes.indexOf(objKeyword); at >= 0; at = bytes.indexOf(objKeyword, at + 3)) {
      if (!isKeywordAt(bytes, at, 3)) continue;
      const id = this.headerId(at);
      if (id === null) continue;
      this.headers.push({ start: at + 3, id });
      this.byNumber.set(id.number, at + 3);
    }
  }

  /**
   * The number and generation of the `N G obj` header whose `obj` is at `at`, read backwards.
   * @returns {ObjectId | null}
   */
  headerId(/** @type {number} */ at) {
    const { bytes } = this;
    let pos = at - 1;
    const skipSpace = () => {
      const before = pos;
      while (pos >= 0 && charClass[bytes[pos] ?? 0] === whitespace) pos -= 1;
      return pos < before;
    };
    const digits = () => {
      const end = pos;
      while (pos >= 0 && (bytes[pos] ?? 0) >= 0x30 && (bytes[pos] ?? 0) <= 0x39) pos -= 1;
      return end > pos ? Number(bytes.toString('latin1', pos + 1, end + 1)) : null;
    };
    if (!skipSpace()) return null;
    const generation = digits();
    if (generation === null || !skipSpace()) return null;
    const number = digits();
    return number !== null && !isRegular(bytes[pos]) ? { number, generation } : null;
  }

  /**
   * `value`, or what the object it refers to holds (one step: enough for lengths and filters).
   * @param {PdfValue | undefined} value
   * @returns {PdfValue | undefined}
   */
  resolve(value) {
    if (!isRef(value)) return value;
    const at = this.byNumber.get(value.ref);
    if (at === undefined) return undefined;
    const resolved = parseValue(new Lexer(this.bytes, at));
    return resolved === invalid || isRef(resolved) ? undefined : resolved;
  }

  /**
   * The dictionary of the stream whose keyword is at `at`: the nearest object header before it
   * whose dictionary ends right there, with that object's id. The dictionary is null when none
   * does (binary data that happens to spell "stream", or a dictionary this parser cannot read);
   * the id is then the nearest header's, the best guess for decrypting.
   * @returns {{ dict: Map<string, PdfValue> | null, object: ObjectId | null }}
   */
  objectBefore(/** @type {number} */ at) {
    let low = 0;
    let high = this.headers.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.headers[middle]?.start ?? 0) < at) low = middle + 1;
      else high = middle;
    }
    for (let index = low - 1; index >= Math.max(0, low - 8); index -= 1) {
      const header = this.headers[index];
      if (!header) break;
      const lexer = new Lexer(this.bytes, header.start);
      const value = parseValue(lexer);
      lexer.skipSpace();
      if (value instanceof Map && lexer.pos === at) return { dict: value, object: header.id };
    }
    return { dict: null, object: this.headers[low - 1]?.id ?? null };
  }

  /**
   * The trailer dictionaries, in file order: after each `trailer` keyword, and those of
   * cross-reference streams among `streams`.
   * @param {FoundStream[]} streams
   */
  trailers(streams) {
    /** @type {Map<string, PdfValue>[]} */
    const found = [];
    const keyword = Buffer.from('trailer', 'latin1');
    for (let at = this.bytes.indexOf(keyword); at >= 0; at = this.bytes.indexOf(keyword, at + 7)) {
      if (!isKeywordAt(this.bytes, at, 7)) continue;
      const dict = parseValue(new Lexer(this.bytes, at + 7));
      if (dict instanceof Map) found.push(dict);
    }
    for (const { dict } of streams) if (dict && nameOf(dict.get('Type')) === 'XRef') found.push(dict);
    return found;
  }
}

/**
 * Where a stream's data ends. pdf.js trusts /Length when `endstream` follows it, and otherwise
 * looks for the next `endstream`; a length held elsewhere (a reference) could say anything, so
 * the data is then taken to run to the end of the buffer and the decoders stop where their
 * compressed data does.
 * @param {Buffer} bytes
 * @param {number} dataStart
 * @param {PdfValue | undefined} length
 * @param {ObjectIndex | null} objects
 */
function dataEndOf(bytes, dataStart, length, objects) {
  if (isRef(length)) {
    const resolved = objects?.resolve(length);
    if (typeof resolved !== 'number') return bytes.length;
    length = resolved;
  }
  if (typeof length === 'number' && Number.isInteger(length) && length >= 0) {
    const lexer = new Lexer(bytes, dataStart + length);
    lexer.skipSpace();
    if (bytes.indexOf(endstreamKeyword, lexer.pos) === lexer.pos) return dataStart + length;
  }
  const endstream = bytes.indexOf(endstreamKeyword, dataStart);
  return endstream < 0 ? bytes.length : endstream;
}

/**
 * Every stream of the file: each `stream` keyword, whether or not the cross-reference table
 * names its object, since pdf.js rebuilds a broken table by scanning for objects itself.
 * @param {Buffer} bytes
 * @param {ObjectIndex} objects
 * @returns {Generator<FoundStream>}
 */
function* topLevelStreams(bytes, objects) {
  for (let at = bytes.indexOf(streamKeyword); at >= 0; at = bytes.indexOf(streamKeyword, at + 6)) {
    if (!isKeywordAt(bytes, at, 6)) continue;
    const { dict, object } = objects.objectBefore(at);
    const dataStart = afterLine(bytes, at + 6);
    yield { dict, object, dataStart, dataEnd: dataEndOf(bytes, dataStart, dict?.get('Length'), objects) };
  }
}

/**
 * The streams stored inside a decoded object stream, found as pdf.js finds its objects: through
 * the offsets in its header. The format forbids streams there; pdf.js reads them anyway.
 * @param {Buffer} decoded
 * @param {number} count
 * @param {number} first
 * @param {ObjectIndex} objects
 * @returns {Generator<FoundStream>}
 */
function* objectStreamStreams(decoded, count, first, objects) {
  const header = new Lexer(decoded, 0);
  /** @type {number[]} */
  const offsets = [];
  for (let index = 0; index < count; index += 1) {
    const number = header.next();
    const offset = header.next();
    if (number?.kind !== 'number' || offset?.kind !== 'number') break;
    offsets.push(offset.value);
  }
  for (const offset of offsets) {
    const lexer = new Lexer(decoded, first + offset);
    if (lexer.pos < 0 || lexer.pos >= decoded.length) continue;
    const dict = parseValue(lexer);
    if (!(dict instanceof Map)) continue;
    const keyword = lexer.next();
    if (keyword?.kind !== 'keyword' || keyword.value !== 'stream') continue;
    const dataStart = afterLine(decoded, lexer.pos);
    // pdf.js reads an object stream's objects without decrypting them again.
    yield { dict, object: null, dataStart, dataEnd: dataEndOf(decoded, dataStart, dict.get('Length'), objects) };
  }
}

// ---------------------------------------------------------------------------------------------
// Decryption, as pdf.js applies it to the streams of a file it opens without a password.

/**
 * @typedef {(input: AsyncIterable<Buffer>) => AsyncGenerator<Buffer>} Decoder
 * @typedef {(object: ObjectId) => Decoder} StreamDecryption
 */

const passwordPadding = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

/**
 * @param {string} algorithm
 * @param {...Uint8Array} parts
 */
function digest(algorithm, ...parts) {
  const hash = createHash(algorithm);
  for (const part of parts) hash.update(part);
  return hash.digest();
}

/** @param {PdfValue | undefined} value */
const bytesOf = (value) => (Buffer.isBuffer(value) ? value : Buffer.alloc(0));

/**
 * RC4, which OpenSSL 3 no longer offers.
 * @param {Buffer} key
 * @returns {Decoder}
 */
function rc4(key) {
  return async function* decrypt(input) {
    const state = new Uint8Array(256).map((_, index) => index);
    for (let index = 0, j = 0; index < 256; index += 1) {
      j = (j + state[index] + key[index % key.length]) & 0xff;
      [state[index], state[j]] = [state[j], state[index]];
    }
    let i = 0;
    let j = 0;
    for await (const chunk of input) {
      const out = Buffer.allocUnsafe(chunk.length);
      for (let at = 0; at < chunk.length; at += 1) {
        i = (i + 1) & 0xff;
        j = (j + state[i]) & 0xff;
        const swap = state[i];
        state[i] = state[j];
        state[j] = swap;
        out[at] = chunk[at] ^ state[(state[i] + state[j]) & 0xff];
      }
      yield out;
    }
  };
}

/**
 * AES-CBC with the IV in the first 16 bytes. The padding is left on: it changes nothing counted.
 * @param {Buffer} key
 * @returns {Decoder}
 */
function aesCbc(key) {
  return async function* decrypt(input) {
    let iv = Buffer.alloc(0);
    /** @type {import('node:crypto').Decipher | null} */
    let decipher = null;
    for await (const chunk of input) {
      let data = chunk;
      if (!decipher) {
        const missing = 16 - iv.length;
        iv = Buffer.concat([iv, data.subarray(0, missing)]);
        data = data.subarray(missing);
        if (iv.length < 16) continue;
        decipher = createDecipheriv(`aes-${key.length * 8}-cbc`, key, iv).setAutoPadding(false);
      }
      yield decipher.update(data);
    }
  };
}

/**
 * The hash of ISO 32000-2 algorithm 2.B for the empty password, as pdf.js's PDF20 computes it.
 * @param {Buffer} input
 */
function revision6Hash(input) {
  let key = digest('sha256', input);
  let encrypted = Buffer.from([0]);
  for (let round = 0; round < 64 || (encrypted.at(-1) ?? 0) > round - 32; round += 1) {
    const cipher = createCipheriv('aes-128-cbc', key.subarray(0, 16), key.subarray(16, 32)).setAutoPadding(false);
    encrypted = Buffer.concat([cipher.update(Buffer.concat(Array(64).fill(key))), cipher.final()]);
    let sum = 0;
    for (const byte of encrypted.subarray(0, 16)) sum += byte;
    key = digest(['sha256', 'sha384', 'sha512'][sum % 3] ?? 'sha256', encrypted);
  }
  return key.subarray(0, 32);
}

/**
 * How pdf.js decrypts each stream when it opens the file without a password (the standard
 * security handler with an empty user password, as owner-restricted PDFs have), or null when
 * the streams are not encrypted. With another user password pdf.js asks for it and reads
 * nothing, so wrongly derived keys then cost nothing.
 * @param {ObjectIndex} objects
 * @param {FoundStream[]} streams
 * @returns {StreamDecryption | null}
 */
function streamDecryptionOf(objects, streams) {
  const trailer = objects.trailers(streams).findLast((dict) => dict.has('Encrypt'));
  const encrypt = trailer ? objects.resolve(trailer.get('Encrypt')) : undefined;
  if (!trailer || !(encrypt instanceof Map) || nameOf(encrypt.get('Filter')) !== 'Standard') return null;
  const version = objects.resolve(encrypt.get('V'));
  const revision = Number(objects.resolve(encrypt.get('R')) ?? 0);
  const owner = bytesOf(objects.resolve(encrypt.get('O')));
  const user = bytesOf(objects.resolve(encrypt.get('U')));
  const filters = objects.resolve(encrypt.get('CF'));
  const streamFilterName = nameOf(objects.resolve(encrypt.get('StmF'))) ?? 'Identity';
  const streamFilter = filters instanceof Map ? objects.resolve(filters.get(streamFilterName)) : undefined;
  // Versions 4 and 5 name their cipher in a crypt filter; 1 and 2 always use RC4.
  const method =
    version === 4 || version === 5 ? nameOf(streamFilter instanceof Map ? streamFilter.get('CFM') : undefined) : 'V2';
  if (method === null || method === 'None') return null;

  if (version === 5) {
    const keySalt = user.subarray(40, 48);
    const intermediate = revision === 6 ? revision6Hash(keySalt) : digest('sha256', keySalt);
    const decipher = createDecipheriv('aes-256-cbc', intermediate, Buffer.alloc(16)).setAutoPadding(false);
    const userKey = bytesOf(objects.resolve(encrypt.get('UE'))).subarray(0, 32);
    const fileKey = Buffer.concat([decipher.update(userKey), decipher.final()]);
    return () => aesCbc(fileKey);
  }

  let keyBits = objects.resolve(encrypt.get('Length'));
  if (typeof keyBits !== 'number' || keyBits === 0) {
    const filterBits = streamFilter instanceof Map ? objects.resolve(streamFilter.get('Length')) : undefined;
    keyBits = typeof version === 'number' && version <= 3 ? 40 : typeof filterBits === 'number' ? filterBits : 128;
    if (keyBits < 40) keyBits *= 8;
  }
  const keyLength = keyBits >> 3;
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(Number(objects.resolve(encrypt.get('P')) ?? 0) | 0);
  const ids = objects.resolve(trailer.get('ID'));
  const fileId = Array.isArray(ids) ? bytesOf(ids[0]) : Buffer.alloc(0);
  const skipsMetadata = version === 4 && objects.resolve(encrypt.get('EncryptMetadata')) === false;
  let hash = digest(
    'md5',
    passwordPadding,
    owner.subarray(0, 32),
    permissions,
    fileId,
    revision >= 4 && skipsMetadata ? Buffer.alloc(4, 0xff) : Buffer.alloc(0),
  );
  if (revision >= 3) {
    for (let round = 0; round < 50; round += 1) hash = digest('md5', hash.subarray(0, keyLength));
  }
  let fileKey = hash.subarray(0, keyLength);
  if (version === 4 && fileKey.length < 16) fileKey = Buffer.concat([fileKey, Buffer.alloc(16 - fileKey.length)]);
  if (method === 'AESV3') return () => aesCbc(fileKey);
  const isAes = method === 'AESV2';
  return ({ number, generation }) => {
    const id = Buffer.from([number, number >> 8, number >> 16, generation, generation >> 8].map((byte) => byte & 0xff));
    const objectKey = digest('md5', fileKey, id, isAes ? Buffer.from('sAlT', 'latin1') : Buffer.alloc(0));
    const key = objectKey.subarray(0, Math.min(fileKey.length + 5, 16));
    return isAes ? aesCbc(key) : rc4(key);
  };
}

// ---------------------------------------------------------------------------------------------
// Decoders: each takes chunks of encoded bytes and yields decoded chunks, stopping where its
// encoded data ends, as pdf.js's decoder of the same filter does.

/** @type {Decoder} */
async function* inflate(input) {
  const inflater = createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
  /** @type {Buffer[]} */
  let pending = [];
  let isDone = false;
  let wake = () => {};
  inflater.on('data', (/** @type {Buffer} */ chunk) => pending.push(chunk));
  // Corrupt data ends the stream where it went wrong, as in pdf.js, which keeps what it decoded.
  inflater.on('error', () => {
    isDone = true;
  });
  inflater.on('end', () => {
    isDone = true;
  });
  inflater.on('close', () => wake());
  /** @param {Buffer | null} chunk */
  const feed = (chunk) =>
    new Promise((resolve) => {
      if (isDone || inflater.destroyed) return resolve(undefined);
      wake = () => resolve(undefined);
      if (chunk) inflater.write(chunk, () => resolve(undefined));
      else inflater.end(() => resolve(undefined));
    });
  try {
    for await (const chunk of input) {
      for (let start = 0; start < chunk.length && !isDone; start += inputChunkBytes) {
        await feed(chunk.subarray(start, start + inputChunkBytes));
        const ready = pending;
        pending = [];
        yield* ready;
      }
      if (isDone) return;
    }
    await feed(null);
    yield* pending;
  } finally {
    inflater.destroy();
  }
}

/**
 * LZWDecode as pdf.js's LZWStream reads it, EarlyChange included.
 * @param {number} earlyChange
 * @returns {Decoder}
 */
function lzw(earlyChange) {
  return async function* decode(input) {
    const prefixes = new Int32Array(4096);
    const suffixes = new Uint8Array(4096);
    const lengths = new Uint16Array(4096);
    for (let code = 0; code < 256; code += 1) {
      suffixes[code] = code;
      lengths[code] = 1;
    }
    const sequence = new Uint8Array(4096);
    let output = Buffer.alloc(outputChunkBytes);
    let outputLength = 0;
    let nextCode = 258;
    let codeLength = 9;
    let previous = -1;
    let bits = 0;
    let bitCount = 0;
    /** @param {number} code */
    const spell = (code) => {
      const length = lengths[code] ?? 0;
      for (let index = length - 1, at = code; index >= 0; index -= 1) {
        sequence[index] = suffixes[at] ?? 0;
        at = prefixes[at] ?? 0;
      }
      return length;
    };
    for await (const chunk of input) {
      for (const byte of chunk) {
        bits = ((bits << 8) | byte) >>> 0;
        bitCount += 8;
        while (bitCount >= codeLength) {
          const code = (bits >>> (bitCount - codeLength)) & ((1 << codeLength) - 1);
          bitCount -= codeLength;
          bits &= (1 << bitCount) - 1;
          if (code === 256) {
            nextCode = 258;
            codeLength = 9;
            previous = -1;
            continue;
          }
          if (code === 257) {
            yield output.subarray(0, outputLength);
            return;
          }
          let length;
          if (code < nextCode) {
            length = spell(code);
          } else if (previous < 0) {
            // A code past the table right after a reset: pdf.js repeats a stale byte and goes on.
            length = 1;
          } else {
            length = spell(previous);
            sequence[length] = sequence[0] ?? 0;
            length += 1;
          }
          if (previous >= 0 && nextCode < 4096) {
            prefixes[nextCode] = previous;
            suffixes[nextCode] = sequence[0] ?? 0;
            lengths[nextCode] = (lengths[previous] ?? 0) + 1;
            nextCode += 1;
            const widened = nextCode + earlyChange;
            if ((widened & (widened - 1)) === 0) codeLength = Math.min(Math.log2(widened) + 1, 12) | 0;
          }
          previous = code;
          for (let index = 0; index < length; index += 1) {
            output[outputLength++] = sequence[index] ?? 0;
            if (outputLength === output.length) {
              yield output;
              output = Buffer.alloc(outputChunkBytes);
              outputLength = 0;
            }
          }
        }
      }
    }
    yield output.subarray(0, outputLength);
  };
}

/** @type {Decoder} */
async function* runLength(input) {
  let output = Buffer.alloc(outputChunkBytes);
  let outputLength = 0;
  let literalLeft = 0;
  let repeatCount = 0;
  /** @param {number} byte */
  function* emit(byte) {
    output[outputLength++] = byte;
    if (outputLength === output.length) {
      yield output;
      output = Buffer.alloc(outputChunkBytes);
      outputLength = 0;
    }
  }
  for await (const chunk of input) {
    for (const byte of chunk) {
      if (literalLeft > 0) {
        literalLeft -= 1;
        yield* emit(byte);
      } else if (repeatCount > 0) {
        for (let index = 0; index < repeatCount; index += 1) yield* emit(byte);
        repeatCount = 0;
      } else if (byte < 128) {
        literalLeft = byte + 1;
      } else if (byte > 128) {
        repeatCount = 257 - byte;
      } else {
        yield output.subarray(0, outputLength);
        return;
      }
    }
  }
  yield output.subarray(0, outputLength);
}

/** @type {Decoder} */
async function* asciiHex(input) {
  let carry = '';
  for await (const chunk of input) {
    const text = chunk.toString('latin1');
    const end = text.indexOf('>');
    const digits = carry + (end < 0 ? text : text.slice(0, end)).replace(/[^0-9a-fA-F]/g, '');
    // pdf.js pads a last odd digit with a zero.
    const isLast = end >= 0;
    const usable = isLast ? digits : digits.slice(0, digits.length - (digits.length % 2));
    carry = digits.slice(usable.length);
    yield Buffer.from(usable.length % 2 ? `${usable}0` : usable, 'hex');
    if (isLast) return;
  }
  if (carry) yield Buffer.from(`${carry}0`, 'hex');
}

/** @type {Decoder} */
async function* ascii85(input) {
  /** @type {number[]} */
  let group = [];
  const out = [];
  /** @param {boolean} isLast */
  const flush = (isLast) => {
    const bytes = Buffer.from(out);
    out.length = 0;
    if (isLast && group.length > 1) {
      // A short last group of n characters stands for n - 1 bytes, padded with 'u' to decode.
      const size = group.length - 1;
      while (group.length < 5) group.push(84);
      return Buffer.concat([bytes, groupBytes(group).subarray(0, size)]);
    }
    return bytes;
  };
  /** @param {number[]} digits */
  const groupBytes = (digits) => {
    let value = 0;
    for (const digit of digits) value = value * 85 + digit;
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(value >>> 0);
    return bytes;
  };
  for await (const chunk of input) {
    for (const code of chunk) {
      if (code === 0x7e) {
        yield flush(true);
        return;
      }
      if (code === 0x7a && group.length === 0) {
        out.push(0, 0, 0, 0);
      } else if (code >= 0x21 && code <= 0x75) {
        group.push(code - 0x21);
        if (group.length === 5) {
          out.push(...groupBytes(group));
          group = [];
        }
      }
    }
    yield flush(false);
  }
  yield flush(true);
}

/**
 * A filter this scan cannot name (indirect, or a dictionary it could not read): decoded as what
 * the data looks like, zlib or LZW, and otherwise passed on as it is.
 * @type {Decoder}
 */
async function* guessed(input) {
  const iterator = input[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const head = first.value;
  const rest = (async function* () {
    yield head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  })();
  const cmf = head[0] ?? 0;
  const isZlib = head.length >= 2 && (cmf & 0x0f) === 8 && ((cmf << 8) | (head[1] ?? 0)) % 31 === 0;
  if (isZlib) yield* inflate(rest);
  else if (cmf === 0x80) yield* lzw(1)(rest);
  else yield* rest;
}

/** @type {Record<string, Decoder | 'opaque'>} */
const decoders = {
  FlateDecode: inflate,
  Fl: inflate,
  RunLengthDecode: runLength,
  RL: runLength,
  ASCIIHexDecode: asciiHex,
  AHx: asciiHex,
  ASCII85Decode: ascii85,
  A85: ascii85,
  // Image codecs: text extraction never decodes them (see the note at the top).
  DCTDecode: 'opaque',
  DCT: 'opaque',
  JPXDecode: 'opaque',
  CCITTFaxDecode: 'opaque',
  CCF: 'opaque',
  JBIG2Decode: 'opaque',
};

/**
 * The decoders a stream's filters name, in order. pdf.js passes data through a filter it does
 * not know, so an unknown name decodes nothing but does not end the chain.
 * @param {Map<string, PdfValue> | null} dict
 * @param {ObjectIndex} objects
 * @returns {Decoder[]}
 */
function decodersOf(dict, objects) {
  const unknownChain = [guessed, guessed, guessed];
  if (!dict) return unknownChain;
  // pdf.js reads the abbreviated keys of inline images first, on every stream.
  const named = dict.get('F') ?? dict.get('Filter');
  if (named === undefined || named === null) return [];
  // A reference this scan cannot follow (into an object stream, say) still names some filter.
  const filter = objects.resolve(named);
  if (filter === undefined) return unknownChain;
  const parameters = objects.resolve(dict.get('DP') ?? dict.get('DecodeParms'));
  const names = Array.isArray(filter) ? filter.map((entry) => nameOf(objects.resolve(entry))) : [nameOf(filter)];
  /** @type {Decoder[]} */
  const chain = [];
  for (const [index, name] of names.entries()) {
    if (name === null) return unknownChain;
    const decoder = decoders[name];
    if (decoder === 'opaque') break;
    if (name === 'LZWDecode' || name === 'LZW') {
      const parameter = objects.resolve(Array.isArray(parameters) ? parameters[index] : parameters);
      const earlyChange = parameter instanceof Map ? parameter.get('EarlyChange') : undefined;
      chain.push(lzw(earlyChange === 0 ? 0 : 1));
    } else if (decoder) {
      chain.push(decoder);
    }
  }
  return chain;
}

/**
 * @param {Buffer} bytes
 * @param {number} start
 * @param {number} end
 */
async function* chunksOf(bytes, start, end) {
  for (let at = start; at < end; at += inputChunkBytes) yield bytes.subarray(at, Math.min(end, at + inputChunkBytes));
}

/**
 * @param {AsyncIterable<Buffer>} chunks
 * @param {Budget} budget
 */
async function* counted(chunks, budget) {
  for await (const chunk of chunks) {
    budget.take(chunk.length);
    yield chunk;
  }
}

/**
 * Decrypts (when `decrypt` is given) and decodes one stream through its chain, charging every
 * stage's output to `budget` (pdf.js keeps each stage's buffer). Answers the decoded bytes when
 * `keepUpTo` is set, else null.
 * @param {Buffer} bytes
 * @param {FoundStream} found
 * @param {Decoder[]} chain
 * @param {Budget} budget
 * @param {number} keepUpTo
 * @param {Decoder | null} decrypt
 * @returns {Promise<Buffer | null>}
 */
async function decode(bytes, found, chain, budget, keepUpTo, decrypt) {
  const { dataStart, dataEnd } = found;
  if (chain.length === 0 && keepUpTo === 0) return null;
  if (chain.length === 0 && !decrypt) return bytes.subarray(dataStart, dataEnd);
  if (chain.length === 1 && chain[0] === inflate && !decrypt) {
    try {
      // Throws unless the whole zlib stream fits: truncated, corrupt or large data goes below.
      const whole = inflateSync(bytes.subarray(dataStart, dataEnd), {
        maxOutputLength: Math.max(1, Math.min(smallStreamBytes, budget.left + 1)),
      });
      budget.take(whole.length);
      return keepUpTo > 0 ? whole : null;
    } catch (error) {
      if (error instanceof OverBudget) throw error;
    }
  }
  /** @type {AsyncIterable<Buffer>} */
  let chunks = chunksOf(bytes, dataStart, dataEnd);
  // Decrypting keeps the size: only what the filters make of it is charged.
  if (decrypt) chunks = decrypt(chunks);
  for (const decoder of chain) chunks = counted(decoder(chunks), budget);
  /** @type {Buffer[]} */
  const kept = [];
  let keptBytes = 0;
  for await (const chunk of chunks) {
    if (keepUpTo === 0) continue;
    keptBytes += chunk.length;
    if (keptBytes > keepUpTo) throw new OverBudget('object stream too large');
    kept.push(Buffer.from(chunk));
  }
  return keepUpTo > 0 ? Buffer.concat(kept) : null;
}

/**
 * An image's own allowance: what its declared size could hold (16 bits for each of up to four
 * colours per pixel, plus a predictor byte per row), within the cap.
 * @param {Map<string, PdfValue>} dict
 * @param {ObjectIndex} objects
 * @param {number} maxImageBytes
 */
function imageAllowance(dict, objects, maxImageBytes) {
  const width = objects.resolve(dict.get('W') ?? dict.get('Width'));
  const height = objects.resolve(dict.get('H') ?? dict.get('Height'));
  if (typeof width !== 'number' || typeof height !== 'number' || width <= 0 || height <= 0) return maxImageBytes;
  return Math.min(maxImageBytes, Math.ceil(width) * Math.ceil(height) * 8 + Math.ceil(height));
}

/**
 * @param {Buffer} bytes
 * @param {FoundStream} found
 * @param {ObjectIndex} objects
 * @param {{ shared: Budget, maxImageBytes: number, decryption: StreamDecryption | null }} limits
 * @param {number} depth
 */
async function measureStream(bytes, found, objects, limits, depth) {
  const { dict, object } = found;
  // Cross-reference streams are never encrypted; objects inside object streams are not again.
  const isXref = dict !== null && nameOf(dict.get('Type')) === 'XRef';
  const decrypt = limits.decryption && object && !isXref ? limits.decryption(object) : null;
  const chain = decodersOf(dict, objects);
  const isImage = dict !== null && nameOf(objects.resolve(dict.get('Subtype'))) === 'Image';
  const count = dict ? objects.resolve(dict.get('N')) : undefined;
  const first = dict ? objects.resolve(dict.get('First')) : undefined;
  // pdf.js reads objects from any stream the cross-reference table points into, whatever its /Type.
  const isObjectStream = Number.isInteger(count) && Number.isInteger(first);
  const budget = isImage && dict ? new Budget(imageAllowance(dict, objects, limits.maxImageBytes)) : limits.shared;
  const decoded = await decode(bytes, found, chain, budget, isObjectStream ? maxObjectStreamBytes : 0, decrypt);
  if (!decoded || !isObjectStream || depth >= maxNesting) return;
  for (const inner of objectStreamStreams(decoded, Number(count), Number(first), objects)) {
    await measureStream(decoded, inner, objects, limits, depth + 1);
  }
}

/**
 * Whether every stream of the PDF `data` decodes within the limits: `maxDecodedBytes` for all
 * streams but images together, and `maxImageBytes` for each image. Reads `data`, never changes it.
 * @param {Uint8Array} data
 * @param {{ maxDecodedBytes: number, maxImageBytes: number }} limits
 * @returns {Promise<boolean>}
 */
export async function fitsDecodedBudget(data, { maxDecodedBytes, maxImageBytes }) {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const objects = new ObjectIndex(bytes);
  const streams = [...topLevelStreams(bytes, objects)];
  const limits = {
    shared: new Budget(maxDecodedBytes),
    maxImageBytes,
    decryption: streamDecryptionOf(objects, streams),
  };
  try {
    for (const found of streams) await measureStream(bytes, found, objects, limits, 0);
    return true;
  } catch (error) {
    if (error instanceof OverBudget) return false;
    throw error;
  }
}
