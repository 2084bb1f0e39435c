// Tokens in mails (model/list/README.md): 32 random bytes, base64url (43 characters); the database
// keeps only sha256 of those 43 characters (private.token_hash), which the mailer hands it as hex.

export interface Token {
  token: string;
  /** sha256 of the token's characters, 64 hex digits. */
  hash: string;
}

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

export async function newToken(): Promise<Token> {
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  return { token, hash: hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))) };
}

export const newTokens = (n: number) => Promise.all(Array.from({ length: n }, newToken));

/** What a presented token looks like; anything else is refused before the database is asked. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
