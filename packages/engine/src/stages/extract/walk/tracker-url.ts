/** Hosts and paths of analytics, ad and hit-counter services. */
export const TRACKER_URL =
  /google-analytics|googletagmanager|gtag\/js|doubleclick|facebook\.net|connect\.facebook|hotjar|statcounter|quantserve|scorecardresearch|clarity\.ms|segment\.(?:com|io)|mixpanel|plausible|matomo|piwik|counter|hitcount|webstats|nedstat/i;
