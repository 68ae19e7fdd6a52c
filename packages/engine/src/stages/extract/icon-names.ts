/**
 * Icon-font glyphs of the original (issue 12): Font Awesome 4-6 classes (`fa fa-envelope-o`,
 * `fas fa-phone`, `fab fa-twitter`) and Bootstrap 3's Glyphicons (`glyphicon glyphicon-envelope`),
 * named as in the Font Awesome packages the rebuild draws them from: `far:envelope`, `fab:twitter`.
 * Names are checked against the installed icon sets, old names through their aliases.
 */
import { fab } from '@fortawesome/free-brands-svg-icons';
import { far } from '@fortawesome/free-regular-svg-icons';
import { fas } from '@fortawesome/free-solid-svg-icons';

type Prefix = 'fas' | 'far' | 'fab';

interface IconDefinitionLike {
  prefix: string;
  iconName: string;
  icon: unknown[];
}

/** Name and alias -> canonical name, per set. */
function toNameIndex(set: Record<string, IconDefinitionLike>): Map<string, string> {
  const index = new Map<string, string>();
  for (const definition of Object.values(set)) {
    index.set(definition.iconName, definition.iconName);
  }
  for (const definition of Object.values(set)) {
    const aliases = Array.isArray(definition.icon[2]) ? (definition.icon[2] as unknown[]) : [];
    for (const alias of aliases)
      if (typeof alias === 'string' && !index.has(alias)) index.set(alias, definition.iconName);
  }
  return index;
}

const SETS: Record<Prefix, Map<string, string>> = {
  fas: toNameIndex(fas as unknown as Record<string, IconDefinitionLike>),
  far: toNameIndex(far as unknown as Record<string, IconDefinitionLike>),
  fab: toNameIndex(fab as unknown as Record<string, IconDefinitionLike>),
};

/** Font Awesome 4 names whose later name no alias records. */
const FA4_RENAMES: Record<string, string> = {
  'arrow-circle-o-right': 'circle-right',
  'arrow-circle-o-left': 'circle-left',
  'clock-o': 'clock',
  'file-text-o': 'file-lines',
  'file-o': 'file',
  'thumbs-o-up': 'thumbs-up',
  'thumbs-o-down': 'thumbs-down',
  'star-o': 'star',
  'heart-o': 'heart',
  'envelope-o': 'envelope',
  'comment-o': 'comment',
  'comments-o': 'comments',
  'calendar-o': 'calendar',
  'check-square-o': 'square-check',
  'square-o': 'square',
  'circle-o': 'circle',
  'dot-circle-o': 'circle-dot',
  'folder-o': 'folder',
  'folder-open-o': 'folder-open',
  'bookmark-o': 'bookmark',
  'lightbulb-o': 'lightbulb',
  'paper-plane-o': 'paper-plane',
  'building-o': 'building',
  'hospital-o': 'hospital',
  'user-o': 'user',
  'user-circle-o': 'circle-user',
  'id-card-o': 'id-card',
  'sticky-note-o': 'note-sticky',
  'map-o': 'map',
  'bell-o': 'bell',
  'image-o': 'image',
  'picture-o': 'image',
  'pencil-square-o': 'pen-to-square',
  'share-square-o': 'share-from-square',
  'facebook-official': 'facebook',
  'linkedin-square': 'linkedin',
  'twitter-square': 'square-twitter',
  'github-square': 'square-github',
  'google-plus': 'google-plus-g',
  'google-plus-square': 'square-google-plus',
  'youtube-play': 'youtube',
  'mobile-phone': 'mobile-screen-button',
  mobile: 'mobile-screen-button',
  'map-marker': 'location-dot',
  support: 'life-ring',
  diamond: 'gem',
};

/** Glyphicons (Bootstrap 3) -> the Font Awesome icon with the same meaning. */
const GLYPHICONS: Record<string, string> = {
  asterisk: 'asterisk',
  plus: 'plus',
  minus: 'minus',
  euro: 'euro-sign',
  eur: 'euro-sign',
  cloud: 'cloud',
  envelope: 'envelope',
  pencil: 'pencil',
  glass: 'martini-glass-empty',
  music: 'music',
  search: 'magnifying-glass',
  heart: 'heart',
  star: 'star',
  'star-empty': 'far:star',
  user: 'user',
  film: 'film',
  'th-large': 'table-cells-large',
  th: 'table-cells',
  'th-list': 'table-list',
  ok: 'check',
  remove: 'xmark',
  'zoom-in': 'magnifying-glass-plus',
  'zoom-out': 'magnifying-glass-minus',
  off: 'power-off',
  signal: 'signal',
  cog: 'gear',
  trash: 'trash',
  home: 'house',
  file: 'file',
  time: 'clock',
  road: 'road',
  'download-alt': 'download',
  download: 'circle-down',
  upload: 'circle-up',
  inbox: 'inbox',
  'play-circle': 'circle-play',
  repeat: 'rotate-right',
  refresh: 'arrows-rotate',
  'list-alt': 'rectangle-list',
  lock: 'lock',
  flag: 'flag',
  headphones: 'headphones',
  'volume-off': 'volume-off',
  'volume-down': 'volume-low',
  'volume-up': 'volume-high',
  qrcode: 'qrcode',
  barcode: 'barcode',
  tag: 'tag',
  tags: 'tags',
  book: 'book',
  bookmark: 'bookmark',
  print: 'print',
  camera: 'camera',
  font: 'font',
  bold: 'bold',
  italic: 'italic',
  list: 'list',
  picture: 'image',
  'map-marker': 'location-dot',
  edit: 'pen-to-square',
  share: 'share-from-square',
  check: 'square-check',
  move: 'arrows-up-down-left-right',
  play: 'play',
  pause: 'pause',
  stop: 'stop',
  'plus-sign': 'circle-plus',
  'minus-sign': 'circle-minus',
  'remove-sign': 'circle-xmark',
  'ok-sign': 'circle-check',
  'question-sign': 'circle-question',
  'info-sign': 'circle-info',
  'exclamation-sign': 'circle-exclamation',
  'warning-sign': 'triangle-exclamation',
  gift: 'gift',
  leaf: 'leaf',
  fire: 'fire',
  'eye-open': 'eye',
  'eye-close': 'eye-slash',
  plane: 'plane',
  calendar: 'calendar',
  random: 'shuffle',
  comment: 'comment',
  magnet: 'magnet',
  'chevron-up': 'chevron-up',
  'chevron-down': 'chevron-down',
  'chevron-left': 'chevron-left',
  'chevron-right': 'chevron-right',
  retweet: 'retweet',
  'shopping-cart': 'cart-shopping',
  'folder-close': 'folder',
  'folder-open': 'folder-open',
  hdd: 'hard-drive',
  bullhorn: 'bullhorn',
  bell: 'bell',
  certificate: 'certificate',
  'thumbs-up': 'thumbs-up',
  'thumbs-down': 'thumbs-down',
  'hand-right': 'hand-point-right',
  'hand-left': 'hand-point-left',
  'hand-up': 'hand-point-up',
  'hand-down': 'hand-point-down',
  'circle-arrow-right': 'circle-arrow-right',
  'circle-arrow-left': 'circle-arrow-left',
  'circle-arrow-up': 'circle-arrow-up',
  'circle-arrow-down': 'circle-arrow-down',
  globe: 'globe',
  wrench: 'wrench',
  tasks: 'list-check',
  filter: 'filter',
  briefcase: 'briefcase',
  fullscreen: 'expand',
  dashboard: 'gauge',
  paperclip: 'paperclip',
  'heart-empty': 'far:heart',
  link: 'link',
  phone: 'phone',
  pushpin: 'thumbtack',
  usd: 'dollar-sign',
  gbp: 'sterling-sign',
  sort: 'sort',
  'log-in': 'right-to-bracket',
  'log-out': 'right-from-bracket',
  flash: 'bolt',
  'new-window': 'up-right-from-square',
  record: 'circle-dot',
  save: 'floppy-disk',
  open: 'folder-open',
  saved: 'circle-check',
  import: 'file-import',
  export: 'file-export',
  send: 'paper-plane',
  'floppy-disk': 'floppy-disk',
  'credit-card': 'credit-card',
  transfer: 'right-left',
  cutlery: 'utensils',
  header: 'heading',
  earphone: 'phone',
  'phone-alt': 'phone',
  tower: 'tower-broadcast',
  stats: 'chart-column',
  'sound-stereo': 'volume-high',
  copyright: 'copyright',
  registration: 'registered',
  'cloud-download': 'cloud-arrow-down',
  'cloud-upload': 'cloud-arrow-up',
  'tree-conifer': 'tree',
  'tree-deciduous': 'tree',
  cd: 'compact-disc',
  'level-up': 'turn-up',
  copy: 'copy',
  paste: 'paste',
  alert: 'bell',
  equalizer: 'sliders',
  king: 'chess-king',
  queen: 'chess-queen',
  pawn: 'chess-pawn',
  bishop: 'chess-bishop',
  knight: 'chess-knight',
  tent: 'tent',
  blackboard: 'chalkboard',
  bed: 'bed',
  apple: 'apple-whole',
  erase: 'eraser',
  hourglass: 'hourglass',
  lamp: 'lightbulb',
  duplicate: 'clone',
  'piggy-bank': 'piggy-bank',
  scissors: 'scissors',
  bitcoin: 'fab:bitcoin',
  btc: 'fab:bitcoin',
  xbt: 'fab:bitcoin',
  yen: 'yen-sign',
  jpy: 'yen-sign',
  ruble: 'ruble-sign',
  rub: 'ruble-sign',
  scale: 'scale-balanced',
  'ice-lolly': 'ice-cream',
  education: 'graduation-cap',
  'option-horizontal': 'ellipsis',
  'option-vertical': 'ellipsis-vertical',
  'menu-hamburger': 'bars',
  'modal-window': 'window-maximize',
  oil: 'oil-can',
  grain: 'wheat-awn',
  sunglasses: 'glasses',
  'text-size': 'text-height',
  'text-color': 'font',
  'text-background': 'highlighter',
  'object-align-top': 'arrows-up-to-line',
  'triangle-right': 'caret-right',
  'triangle-left': 'caret-left',
  'triangle-bottom': 'caret-down',
  'triangle-top': 'caret-up',
  console: 'terminal',
  superscript: 'superscript',
  subscript: 'subscript',
  'menu-left': 'caret-left',
  'menu-right': 'caret-right',
  'menu-down': 'caret-down',
  'menu-up': 'caret-up',
  'arrow-left': 'arrow-left',
  'arrow-right': 'arrow-right',
  'arrow-up': 'arrow-up',
  'arrow-down': 'arrow-down',
  'share-alt': 'share-nodes',
  'resize-full': 'expand',
  'resize-small': 'compress',
  'exclamation-sign-alt': 'circle-exclamation',
  'comment-alt': 'comment',
  'user-alt': 'user',
  'shopping-bag': 'bag-shopping',
  'align-left': 'align-left',
  'align-center': 'align-center',
  'align-right': 'align-right',
  'align-justify': 'align-justify',
  'list-ul': 'list-ul',
  'facetime-video': 'video',
  'map-pin': 'map-pin',
  question: 'question',
};

/** Font Awesome classes that size, turn or stack a glyph: not its name. */
const MODIFIERS = new Set([
  'fw',
  'lg',
  'xs',
  'sm',
  'xl',
  '2xs',
  '2xl',
  'li',
  'ul',
  'border',
  'inverse',
  'spin',
  'pulse',
  'beat',
  'fade',
  'bounce',
  'flip',
  'shake',
  'stack',
  'stack-1x',
  'stack-2x',
  'pull-left',
  'pull-right',
  'rotate-90',
  'rotate-180',
  'rotate-270',
  'flip-horizontal',
  'flip-vertical',
  'solid',
  'regular',
  'brands',
  'light',
  'thin',
  'duotone',
  'sharp',
]);

/** The icon a class attribute names in `<prefix>:<name>` form, or undefined when it names none. */
export function toIconName(className: string): string | undefined {
  const classes = className.trim().split(/\s+/);
  const glyphicon = classes.find((c) => c.startsWith('glyphicon-'))?.slice('glyphicon-'.length);
  if (glyphicon && classes.includes('glyphicon')) {
    const mapped = GLYPHICONS[glyphicon];
    return mapped ? resolve(mapped, 'fas') : resolve(glyphicon, 'fas');
  }
  const hasFontAwesome = classes.some((c) =>
    /^(?:fa|fas|far|fab|fal|fad|fa-solid|fa-regular|fa-brands|fa-light|fa-thin|fa-duotone)$/.test(
      c,
    ),
  );
  if (!hasFontAwesome) return undefined;
  const name = classes
    .filter((c) => c.startsWith('fa-'))
    .map((c) => c.slice(3))
    .find((c) => !MODIFIERS.has(c) && !/^\d+x$/.test(c) && !/^rotate-/.test(c));
  if (!name) return undefined;
  let hint: Prefix = 'fas';
  if (classes.includes('fab') || classes.includes('fa-brands')) hint = 'fab';
  else if (classes.includes('far') || classes.includes('fa-regular')) hint = 'far';
  // Font Awesome 4's outlined `-o` icons are Font Awesome 5's regular ones.
  if (FA4_RENAMES[name] !== undefined) {
    const renamed = FA4_RENAMES[name]!;
    return resolve(renamed, /-o$|-o-/.test(name) ? 'far' : hint);
  }
  if (name.endsWith('-o')) return resolve(name.slice(0, -2), 'far');
  return resolve(name, hint);
}

/** `name` (or `prefix:name`) in the hinted set first, then the others; undefined when none has it. */
function resolve(spec: string, hint: Prefix): string | undefined {
  const [explicit, bare] = spec.includes(':')
    ? (spec.split(':') as [Prefix, string])
    : [hint, spec];
  const order: Prefix[] = [
    explicit,
    ...(['fas', 'fab', 'far'] as Prefix[]).filter((p) => p !== explicit),
  ];
  for (const prefix of order) {
    const canonical = SETS[prefix].get(bare);
    if (canonical) return `${prefix}:${canonical}`;
  }
  return undefined;
}
