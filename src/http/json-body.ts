import type { NextFunction, Request, RequestHandler, Response } from 'express';
import express from 'express';
import { AppError } from '../errors';
import { needsExactParse, installBigIntJsonFallback, parseJsonText, toJsonText } from '../exact-json';

const EXACT_BODY = Symbol('exactJsonBody');

type WithExactBody = Request & { [EXACT_BODY]?: unknown };

/** res.json that writes BigInt values (integers beyond 2^53) as exact JSON digits. */
export function exactJson(this: Response, body: unknown): Response {
  const text = toJsonText(body);
  if (!this.get('Content-Type')) this.set('Content-Type', 'application/json');
  return this.send(text);
}

/**
 * The JSON body parser: express.json (limits, charsets, strict mode and its error types as
 * before) plus exact 64-bit integers and whole floats. A body with a candidate literal (a run of 16
 * digits, an exponent, a zero fraction: needsExactParse) is parsed again by parseJsonText, which
 * keeps integers beyond 2^53 as BigInt, refuses those beyond the signed 64-bit range (400
 * INTEGER_OUT_OF_RANGE) and keeps 2.0 a float (IntegralFloat); every other body costs one byte scan. Responses
 * write BigInt back as digits (res.json is replaced for every request).
 */
export function jsonBody(options: { limit: number | string; type: string[] }): RequestHandler {
  installBigIntJsonFallback();
  const parse = express.json({
    ...options,
    verify(req, _res, buffer, encoding) {
      // Digits are single bytes in UTF-8 only; other charsets (UTF-16) are decoded before the scan.
      const utf8 = !encoding || /^utf-?8$/i.test(encoding);
      if (utf8 && !needsExactParse(buffer)) return;
      let text: string;
      try {
        text = new TextDecoder(encoding || 'utf-8').decode(buffer);
      } catch {
        return; // body-parser answers the charset itself
      }
      if (!utf8 && !needsExactParse(text)) return;
      try {
        (req as WithExactBody)[EXACT_BODY] = parseJsonText(text, 'request');
      } catch (error) {
        if (error instanceof AppError) throw error;
        // Not valid JSON: body-parser's own parse fails the same way (400 INVALID_JSON).
      }
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    res.json = exactJson;
    parse(req, res, (error?: unknown) => {
      if (error) return next(error);
      const exact = (req as WithExactBody)[EXACT_BODY];
      if (exact !== undefined) req.body = exact;
      next();
    });
  };
}
