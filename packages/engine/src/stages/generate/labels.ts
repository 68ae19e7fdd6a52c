/** The few interface texts a generated site adds (skip link, menu...), in the site's language. */

/** Interface texts of a generated site. */
export interface SiteLabels {
  skip: string;
  menu: string;
  closeMenu: string;
  pages: string;
  contact: string;
  follow: string;
  formNotConnected: string;
  formSending: string;
  formSent: string;
  formFailed: string;
  close: string;
  notFound: string;
  backHome: string;
  /** A carousel's name and its buttons. */
  carousel: string;
  previous: string;
  next: string;
  /** `{n} of {total}`: a slide's name. */
  slideOf: string;
}

const EN: SiteLabels = {
  skip: 'Skip to content',
  menu: 'Menu',
  closeMenu: 'Close menu',
  pages: 'Pages',
  contact: 'Contact',
  follow: 'Follow',
  formNotConnected:
    'This form is not connected yet: the site owner has to set VITE_FORM_ENDPOINT before messages can be sent.',
  formSending: 'Sending…',
  formSent: 'Thank you, your message was sent.',
  formFailed: 'Sorry, the message could not be sent. Please try again later.',
  close: 'Close',
  notFound: 'Page not found',
  backHome: 'Back to the home page',
  carousel: 'Slideshow',
  previous: 'Previous slide',
  next: 'Next slide',
  slideOf: '{n} of {total}',
};

const LABELS: Record<string, SiteLabels> = {
  en: EN,
  nl: {
    skip: 'Naar de inhoud',
    menu: 'Menu',
    closeMenu: 'Menu sluiten',
    pages: "Pagina's",
    contact: 'Contact',
    follow: 'Volg ons',
    formNotConnected:
      'Dit formulier is nog niet gekoppeld: de eigenaar moet eerst VITE_FORM_ENDPOINT instellen.',
    formSending: 'Versturen…',
    formSent: 'Bedankt, uw bericht is verstuurd.',
    formFailed: 'Het bericht kon niet worden verstuurd. Probeer het later opnieuw.',
    close: 'Sluiten',
    notFound: 'Pagina niet gevonden',
    backHome: 'Terug naar de startpagina',
    carousel: 'Diavoorstelling',
    previous: 'Vorige dia',
    next: 'Volgende dia',
    slideOf: '{n} van {total}',
  },
  de: {
    skip: 'Zum Inhalt springen',
    menu: 'Menü',
    closeMenu: 'Menü schließen',
    pages: 'Seiten',
    contact: 'Kontakt',
    follow: 'Folgen',
    formNotConnected:
      'Dieses Formular ist noch nicht verbunden: Der Betreiber muss zuerst VITE_FORM_ENDPOINT setzen.',
    formSending: 'Wird gesendet…',
    formSent: 'Danke, Ihre Nachricht wurde gesendet.',
    formFailed: 'Die Nachricht konnte nicht gesendet werden. Bitte später erneut versuchen.',
    close: 'Schließen',
    notFound: 'Seite nicht gefunden',
    backHome: 'Zur Startseite',
    carousel: 'Diashow',
    previous: 'Vorheriges Bild',
    next: 'Nächstes Bild',
    slideOf: '{n} von {total}',
  },
  fr: {
    skip: 'Aller au contenu',
    menu: 'Menu',
    closeMenu: 'Fermer le menu',
    pages: 'Pages',
    contact: 'Contact',
    follow: 'Suivre',
    formNotConnected:
      "Ce formulaire n'est pas encore connecté : le propriétaire doit d'abord définir VITE_FORM_ENDPOINT.",
    formSending: 'Envoi…',
    formSent: 'Merci, votre message a été envoyé.',
    formFailed: "Le message n'a pas pu être envoyé. Réessayez plus tard.",
    close: 'Fermer',
    notFound: 'Page introuvable',
    backHome: "Retour à l'accueil",
    carousel: 'Diaporama',
    previous: 'Diapositive précédente',
    next: 'Diapositive suivante',
    slideOf: '{n} sur {total}',
  },
  es: {
    skip: 'Saltar al contenido',
    menu: 'Menú',
    closeMenu: 'Cerrar menú',
    pages: 'Páginas',
    contact: 'Contacto',
    follow: 'Síguenos',
    formNotConnected:
      'Este formulario aún no está conectado: el propietario debe configurar VITE_FORM_ENDPOINT.',
    formSending: 'Enviando…',
    formSent: 'Gracias, su mensaje ha sido enviado.',
    formFailed: 'No se pudo enviar el mensaje. Inténtelo más tarde.',
    close: 'Cerrar',
    notFound: 'Página no encontrada',
    backHome: 'Volver al inicio',
    carousel: 'Presentación',
    previous: 'Diapositiva anterior',
    next: 'Diapositiva siguiente',
    slideOf: '{n} de {total}',
  },
  zh: {
    skip: '跳到内容',
    menu: '菜单',
    closeMenu: '关闭菜单',
    pages: '页面',
    contact: '联系',
    follow: '关注',
    formNotConnected: '此表单尚未连接：网站所有者需要先设置 VITE_FORM_ENDPOINT。',
    formSending: '发送中…',
    formSent: '谢谢，您的消息已发送。',
    formFailed: '消息发送失败，请稍后再试。',
    close: '关闭',
    notFound: '页面未找到',
    backHome: '返回首页',
    carousel: '幻灯片',
    previous: '上一张',
    next: '下一张',
    slideOf: '第 {n} 张，共 {total} 张',
  },
};

/** Interface texts for a BCP 47 language tag (English when the language is not known). */
export function getLabels(language: string): SiteLabels {
  return LABELS[language.toLowerCase().split('-')[0] ?? 'en'] ?? EN;
}

/** The language switcher's name in the site's language (issue 23): only sites of several languages have one. */
const LANGUAGE_LABELS: Record<string, string> = {
  en: 'Language',
  de: 'Sprache',
  fr: 'Langue',
  nl: 'Taal',
  es: 'Idioma',
  it: 'Lingua',
  pt: 'Idioma',
  zh: '语言',
};

/** The language switcher's accessible name for a BCP 47 language tag (English when not known). */
export function getLanguageLabel(language: string): string {
  return LANGUAGE_LABELS[language.toLowerCase().split('-')[0] ?? 'en'] ?? 'Language';
}
