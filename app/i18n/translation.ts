/**
 * The shape a language's copy must have: the English copy's (which is the
 * source, in app/content/locales/en/), with any text in place of each
 * English text. A missing or misspelt key fails the typecheck.
 */
export type Translation<T> = T extends string
  ? string
  : T extends number | boolean | null | undefined
    ? T
    : T extends (...args: infer A) => infer R
      ? (...args: A) => Translation<R>
      : T extends readonly (infer U)[]
        ? readonly Translation<U>[]
        : { readonly [K in keyof T]: Translation<T[K]> };
