/**
 * Overlays a page lays over itself on load (issue 23): a cookie or consent notice, a newsletter
 * sign-up, a chat widget. They are not content of the page. The one rule of what each kind says and
 * offers, read by the identity probe (browser/in-page/identity-probe/overlays.ts, on the rendered
 * page) and by extract (stages/extract/overlays.ts, on the markup): each side finds the surface (an
 * element fixed to the viewport, or a dialog) and gathers these facts, this module names the kind.
 * Decided by words and controls, never by a vendor's class names; the word lists are short and
 * multilingual.
 */

/** The kinds of overlay, as PROBE_MARKS.overlay values them. */
export const OVERLAY_KINDS = ['cookie', 'newsletter', 'chat'] as const;

/** One kind of overlay. */
export type OverlayKind = (typeof OVERLAY_KINDS)[number];

/** What one side read of a candidate overlay. */
export interface OverlayFacts {
  /** Its words, whitespace collapsed. */
  text: string;
  /** The labels of its buttons and links (their words, value or aria-label). */
  controls: string[];
  /** It holds an e-mail field. */
  hasEmailField: boolean;
  /**
   * Fixed or sticky to the viewport (by the computed style, or an inline style) and, where the
   * browser measured it, small: a chat launcher in a corner is one; a dialog found by its markup
   * alone is not.
   */
  isLauncher: boolean;
  /** Something on the page opens it (an in-page link, `data-target`, `aria-controls`): a site's own dialog. */
  isOpened: boolean;
}

/** Words of cookies, consent and tracking (a notice that only says "privacy" must also offer accept). */
const CONSENT =
  /cookie|consent|gdpr|rgpd|dsgvo|privacy|tracking|datenschutz|einwilligung|confidentialit|vie privée|consentement|privacidad|consentimiento|privacidade|riservatezza|consenso|toestemming|クッキー|プライバシー|隐私|隱私|쿠키|개인정보/iu;

/**
 * Words a consent notice's answer starts with: accept, agree, decline, settings and the like (a
 * word of its own in scripts with spaces; Chinese, Japanese and Korean answers go on unspaced).
 */
const ANSWER_WORDS = [
  'accept',
  'i accept',
  'agree',
  'i agree',
  'allow',
  'ok',
  'okay',
  'got it',
  'i understand',
  'understood',
  'yes',
  'decline',
  'reject',
  'deny',
  'refuse',
  'only necessary',
  'only essential',
  'necessary only',
  'essential only',
  'cookie settings',
  'manage',
  'customi[sz]e',
  'preferences',
  'akzeptieren',
  'alle akzeptieren',
  'annehmen',
  'zustimmen',
  'einverstanden',
  'verstanden',
  'ablehnen',
  'accepter',
  "j'accepte",
  'tout accepter',
  "d'accord",
  'refuser',
  'tout refuser',
  'compris',
  'aceptar',
  'acepto',
  'rechazar',
  'entendido',
  'de acuerdo',
  'aceitar',
  'recusar',
  'accetta',
  'accetto',
  'accetta tutto',
  'rifiuta',
  'ho capito',
  'accepteren',
  'akkoord',
  'weigeren',
  'begrepen',
];

const ANSWER = new RegExp(
  `^(?:${ANSWER_WORDS.join('|')})(?![\\p{L}])|^(?:同意|接受|拒绝|確定|承諾|동의|확인)`,
  'iu',
);

/** A close control: what a notice nobody opens offers when it offers no answer. */
const CLOSE =
  /^(?:close|dismiss|×|✕|✖|x|schließen|fermer|cerrar|chiudi|sluiten|fechar|关闭|閉じる|닫기)(?![\p{L}])/iu;

/** Words of a newsletter sign-up. */
const NEWSLETTER =
  /newsletter|subscribe|sign ?up|mailing list|join our|abonnieren|anmelden|abonne[rz]|inscri|suscr[ií]b|iscriviti|aanmelden|inschrijven|订阅|訂閱|購読|구독/iu;

/** Words of a chat or help launcher. */
const CHAT =
  /(?<![\p{L}])(?:(?:live )?chat(?:bot|ten| with us)?|message us|need help|help|support|whatsapp|messenger|hilfe|besoin d'aide|aide|ayuda|aiuto)(?![\p{L}])|客服|聊天|チャット|채팅/iu;

/** Longer than this, a consent notice is a page about privacy, not a notice over it. */
const MAX_NOTICE_LENGTH = 3000;
/** Longer than this, a sign-up is content. */
const MAX_SIGNUP_LENGTH = 1000;
/** Longer than this, a fixed element is more than a chat launcher. */
const MAX_LAUNCHER_LENGTH = 200;
/** More controls than this, a fixed element is a bar of links, not a chat launcher. */
const MAX_LAUNCHER_CONTROLS = 2;

/** The kind of overlay these facts make, or undefined when they make none. */
export function toOverlayKind(facts: OverlayFacts): OverlayKind | undefined {
  const { text, controls, hasEmailField, isLauncher, isOpened } = facts;
  const labels = controls.map((label) => label.replace(/\s+/g, ' ').trim()).filter(Boolean);
  if (
    text.length <= MAX_NOTICE_LENGTH &&
    CONSENT.test(text) &&
    labels.some((label) => ANSWER.test(label) || (!isOpened && CLOSE.test(label)))
  )
    return 'cookie';
  // A sign-up or chat that something opens is the site's own dialog.
  if (isOpened) return undefined;
  if (hasEmailField && text.length <= MAX_SIGNUP_LENGTH && NEWSLETTER.test(text))
    return 'newsletter';
  // (A launcher offers one or two controls: a bar of many links is a header or a menu.)
  if (
    isLauncher &&
    !hasEmailField &&
    labels.length <= MAX_LAUNCHER_CONTROLS &&
    text.length <= MAX_LAUNCHER_LENGTH &&
    CHAT.test(text)
  )
    return 'chat';
  return undefined;
}

/** True for a PROBE_MARKS.overlay value. */
export function isOverlayKind(value: string | undefined): value is OverlayKind {
  return (OVERLAY_KINDS as readonly (string | undefined)[]).includes(value);
}

/** An input that asks for an e-mail address, by its type or its name, placeholder or label. */
export const EMAIL_FIELD = /e-?mail|courriel|correo|メール|邮箱|電子郵件|이메일/i;
