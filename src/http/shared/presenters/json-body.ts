/**
 * A response body already serialised as JSON. A route that returns one declares
 * `@Header('Content-Type', JSON_CONTENT_TYPE)`, so the bytes and headers are what a JSON reply
 * would send for the object; the type parameter names the shape the text holds (for readers and the
 * OpenAPI decorators, which name it too).
 */
export type JsonBody<T> = string & { readonly __shape?: T };

/** The Content-Type of a JSON reply. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * A presenter's serialised answers, kept per report object: a report is immutable once built and the
 * report cache hands out the same object while it keeps it, so a cached scan re-sends the text
 * instead of presenting and serialising the report again. Only answers that depend on nothing but
 * the report (and the variant's name) may be kept here: no clock, no per-call metadata.
 */
export class PerReportJson<R extends object> {
  private readonly texts = new WeakMap<R, Map<string, string>>();

  of<T>(report: R, variant: string, present: () => T): JsonBody<T> {
    let variants = this.texts.get(report);
    if (!variants) {
      variants = new Map();
      this.texts.set(report, variants);
    }
    let text = variants.get(variant);
    if (text === undefined) {
      text = JSON.stringify(present());
      variants.set(variant, text);
    }
    return text;
  }
}
