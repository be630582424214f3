import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes (256 bits), URL-safe: the access token the client keeps. */
export const generateAccessToken = () => randomBytes(32).toString('base64url');

/** Only this digest is stored, so a copy of the database holds no usable token. */
export const hashAccessToken = (token: string) => createHash('sha256').update(token).digest('hex');
