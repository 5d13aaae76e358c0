/**
 * Every error the service answers with, in one place: code → HTTP status (STYLE.md "Errors have a code
 * and a status"). Like Mainzelliste (mainzelliste-api.md §1), error answers are text bodies, except the
 * 409 of POST /patients, which is JSON {message, possibleMatches?}.
 */
export const errorStatus = {
  ML_ERR_BAD_REQUEST: 400,
  ML_ERR_UNAUTHORIZED: 401,
  ML_ERR_NOT_FOUND: 404,
  ML_ERR_CONFLICT: 409,
  ML_ERR_INTERNAL: 500,
  /** A callback receiver could not be reached (Mainzelliste answers 504 then). */
  ML_ERR_CALLBACK_UNREACHABLE: 504,
  /** The service is shutting down; another replica takes the request (docs/mainzelliste.md "Health and shutdown"). */
  ML_ERR_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export type JsonBody = { [key: string]: unknown };

export class MainzellisteError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  /** A JSON answer instead of the text message. */
  readonly body: JsonBody | null;

  constructor(code: ErrorCode, message: string, body: JsonBody | null = null) {
    super(message);
    this.name = 'MainzellisteError';
    this.code = code;
    this.statusCode = errorStatus[code];
    this.body = body;
  }
}

export const badRequest = (message: string): MainzellisteError => new MainzellisteError('ML_ERR_BAD_REQUEST', message);
export const unauthorized = (message: string): MainzellisteError => new MainzellisteError('ML_ERR_UNAUTHORIZED', message);
export const notFound = (message: string): MainzellisteError => new MainzellisteError('ML_ERR_NOT_FOUND', message);

/** Texts of the reference (mainzelliste-api.md §1), kept verbatim for clients that compare them. */
export const messages = {
  noPatientFound: 'No patient found',
  incompleteIdat: 'Neither complete IDAT nor an external ID has been given as input!',
  noIdTypes: 'No idtypes defined! Token must contain at least one idtype for best match patient.',
  possibleMatch:
    'Unable to definitely determined whether the data refers to an existing or to a new patient. Please check data or resubmit with sureness=true to get a tentative result. Please check documentation for details.',
  invalidToken: (type: string): string => `Please supply a valid '${type}' token.`,
  sessionUnknown: (id: string): string => `Session-ID ${id} unknown.`,
  noSession: (id: string): string => `No session with id ${id}`,
  noTokenInSession: (tokenId: string, sessionId: string): string => `No token with id ${tokenId} in session ${sessionId}.`,
  missingApiKey: "Please supply your API key in HTTP header field 'mainzellisteApiKey'.",
  rejectedAddress: (ip: string): string => `Rejecting your IP address ${ip}.`,
  permissionDenied: 'Your permissions do not allow the requested access.',
  serverLacks: (permission: string): string => `Server has no ${permission} permission`,
  allowedUsesFormat: 'The parameter allowedUses has an invalid format',
  emptyTokenId: "Token Id is empty. Can't check Token for empty tokenId !!!",
  noValidToken: "Couldn't find a valid token with the requested tokenId",
} as const;
