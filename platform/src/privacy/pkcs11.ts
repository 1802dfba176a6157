import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import type { KeyWrapping } from './keys.js';

/**
 * Where the master keys live in a hardware security module (or a cloud HSM: AWS CloudHSM, Azure
 * Dedicated and Managed HSM, Google Cloud HSM, Thales Luna, Entrust nShield, YubiHSM all speak
 * PKCS#11), reached through the vendor's PKCS#11 library (docs/decisions/0050, addendum).
 */
export interface Pkcs11Options {
  /** The vendor's PKCS#11 library (SoftHSM2: /usr/lib/softhsm/libsofthsm2.so). */
  library: string;
  /** The token (partition) that holds the keys, by its label. */
  tokenLabel: string;
  /** The token user's PIN. */
  pin: string;
  /**
   * The label of the AES-256 key that wraps the subjects' data keys; the HMAC key the pseudonyms
   * are made with is labelled the same with `-pseudonym` after it.
   */
  keyLabel: string;
}

/** The part of pkcs11js this adapter uses (the package is an optional, native dependency). */
interface Pkcs11Module {
  PKCS11: new () => Pkcs11;
  [constant: string]: unknown;
}
type Handle = Buffer;
interface Template {
  type: number;
  value?: number | boolean | string | Buffer;
}
interface Mechanism {
  mechanism: number;
  parameter?: Buffer | { type: number; iv: Buffer; ivBits: number; aad?: Buffer; tagBits?: number };
}
interface Pkcs11 {
  load(path: string): void;
  C_Initialize(): void;
  C_Finalize(): void;
  C_GetSlotList(tokenPresent: boolean): Handle[];
  C_GetTokenInfo(slot: Handle): { label: string };
  C_OpenSession(slot: Handle, flags: number): Handle;
  C_CloseSession(session: Handle): void;
  C_Login(session: Handle, userType: number, pin: string): void;
  C_FindObjectsInit(session: Handle, template: Template[]): void;
  C_FindObjects(session: Handle): Handle | null;
  C_FindObjectsFinal(session: Handle): void;
  C_GenerateKey(session: Handle, mechanism: Mechanism, template: Template[]): Handle;
  C_EncryptInit(session: Handle, mechanism: Mechanism, key: Handle): void;
  C_Encrypt(session: Handle, data: Buffer, out: Buffer): Buffer;
  C_DecryptInit(session: Handle, mechanism: Mechanism, key: Handle): void;
  C_Decrypt(session: Handle, data: Buffer, out: Buffer): Buffer;
  C_SignInit(session: Handle, mechanism: Mechanism, key: Handle): void;
  C_Sign(session: Handle, data: Buffer, out: Buffer): Buffer;
}

const IV = 12;
const TAG = 16;

function loadModule(): Pkcs11Module {
  try {
    return createRequire(import.meta.url)('pkcs11js') as Pkcs11Module;
  } catch (err) {
    throw new Error(
      `PERSONAL_DATA_KMS=pkcs11 needs the pkcs11js package, which did not build here (${(err as Error).message}); install g++, make and python3 and run npm install again`,
    );
  }
}

/** An open, logged-in session on the token, and the module's constants. */
class Token {
  readonly p11: Pkcs11;
  readonly session: Handle;
  /** Whether this session initialised the library (and so finalises it). */
  private initialised = true;

  constructor(
    readonly mod: Pkcs11Module,
    options: Pkcs11Options,
  ) {
    this.p11 = new mod.PKCS11();
    this.p11.load(options.library);
    try {
      this.p11.C_Initialize();
    } catch (err) {
      // Another thread of the process (the projector's worker) opened the library first: its
      // initialisation serves this session too, and stays its to finalise.
      if (!String((err as Error).message).includes('CKR_CRYPTOKI_ALREADY_INITIALIZED')) throw err;
      this.initialised = false;
    }
    try {
      const slot = this.p11
        .C_GetSlotList(true)
        .find((s) => this.p11.C_GetTokenInfo(s).label.trim() === options.tokenLabel);
      if (!slot) throw new Error(`no PKCS#11 token is labelled ${options.tokenLabel}`);
      this.session = this.p11.C_OpenSession(
        slot,
        this.c('CKF_RW_SESSION') | this.c('CKF_SERIAL_SESSION'),
      );
      try {
        this.p11.C_Login(this.session, this.c('CKU_USER'), options.pin);
      } catch (err) {
        // A login is the application's, for all its sessions: another thread's serves this one.
        if (!String((err as Error).message).includes('CKR_USER_ALREADY_LOGGED_IN')) throw err;
      }
    } catch (err) {
      if (this.initialised) this.p11.C_Finalize();
      throw err;
    }
  }

  c(name: string): number {
    const value = this.mod[name];
    if (typeof value !== 'number') throw new Error(`pkcs11js has no ${name}`);
    return value;
  }

  /** The secret key with this label, or null. */
  find(label: string): Handle | null {
    this.p11.C_FindObjectsInit(this.session, [
      { type: this.c('CKA_CLASS'), value: this.c('CKO_SECRET_KEY') },
      { type: this.c('CKA_LABEL'), value: label },
    ]);
    try {
      return this.p11.C_FindObjects(this.session);
    } finally {
      this.p11.C_FindObjectsFinal(this.session);
    }
  }

  close(): void {
    this.p11.C_CloseSession(this.session);
    if (this.initialised) this.p11.C_Finalize();
  }
}

const pseudonymLabel = (keyLabel: string) => `${keyLabel}-pseudonym`;

/**
 * Key wrapping in an HSM through PKCS#11: a subject's data key is wrapped with AES-256-GCM by the
 * token's key (iv ‖ ciphertext ‖ tag, bound to the subject), and a pseudonym is the token's
 * HMAC-SHA256 of the text. The keys never leave the token. Every call is one synchronous round
 * trip to the token, taken one at a time (one session, Node's one thread); the subject-key cache
 * (PostgresSubjectKeys) keeps them off the hot path.
 */
export function pkcs11KeyWrapping(options: Pkcs11Options): KeyWrapping & { close(): void } {
  const token = new Token(loadModule(), options);
  const wrapKey = token.find(options.keyLabel);
  const macKey = token.find(pseudonymLabel(options.keyLabel));
  if (!wrapKey || !macKey) {
    token.close();
    throw new Error(
      `the PKCS#11 token ${options.tokenLabel} has no keys labelled ${options.keyLabel} and ${pseudonymLabel(options.keyLabel)}: provision them first (npm run kms:provision)`,
    );
  }
  const gcm = (iv: Buffer, subject: string): Mechanism => ({
    mechanism: token.c('CKM_AES_GCM'),
    parameter: {
      type: token.c('CK_PARAMS_AES_GCM'),
      iv,
      ivBits: IV * 8,
      aad: Buffer.from(`subject-key:${subject}`),
      tagBits: TAG * 8,
    },
  });
  const { p11, session } = token;
  return {
    wrap(subject, key) {
      const iv = randomBytes(IV);
      p11.C_EncryptInit(session, gcm(iv, subject), wrapKey);
      return Buffer.concat([iv, p11.C_Encrypt(session, key, Buffer.alloc(key.length + TAG))]);
    },
    unwrap(subject, wrapped) {
      p11.C_DecryptInit(session, gcm(wrapped.subarray(0, IV), subject), wrapKey);
      const body = wrapped.subarray(IV);
      return Buffer.from(p11.C_Decrypt(session, body, Buffer.alloc(body.length)));
    },
    pseudonym(text) {
      p11.C_SignInit(session, { mechanism: token.c('CKM_SHA256_HMAC') }, macKey);
      return p11.C_Sign(session, Buffer.from(text), Buffer.alloc(32)).toString('hex');
    },
    close: () => token.close(),
  };
}

/**
 * Makes the two keys on the token where they are not yet (idempotent): AES-256 for wrapping and a
 * 256-bit generic secret for HMAC, both kept on the token, sensitive and never extractable. An
 * operator runs it once per installation (`npm run kms:provision`); the HSM's own tools do the
 * same. Which keys it made.
 */
export function provisionPkcs11Keys(options: Pkcs11Options): string[] {
  const token = new Token(loadModule(), options);
  try {
    const made: string[] = [];
    const make = (label: string, keyType: string, mechanism: string, uses: string[]) => {
      if (token.find(label)) return;
      token.p11.C_GenerateKey(token.session, { mechanism: token.c(mechanism) }, [
        { type: token.c('CKA_CLASS'), value: token.c('CKO_SECRET_KEY') },
        { type: token.c('CKA_KEY_TYPE'), value: token.c(keyType) },
        { type: token.c('CKA_TOKEN'), value: true },
        { type: token.c('CKA_PRIVATE'), value: true },
        { type: token.c('CKA_SENSITIVE'), value: true },
        { type: token.c('CKA_EXTRACTABLE'), value: false },
        { type: token.c('CKA_LABEL'), value: label },
        { type: token.c('CKA_VALUE_LEN'), value: 32 },
        ...uses.map((u) => ({ type: token.c(u), value: true })),
      ]);
      made.push(label);
    };
    make(options.keyLabel, 'CKK_AES', 'CKM_AES_KEY_GEN', ['CKA_ENCRYPT', 'CKA_DECRYPT']);
    make(pseudonymLabel(options.keyLabel), 'CKK_GENERIC_SECRET', 'CKM_GENERIC_SECRET_KEY_GEN', [
      'CKA_SIGN',
      'CKA_VERIFY',
    ]);
    return made;
  } finally {
    token.close();
  }
}
