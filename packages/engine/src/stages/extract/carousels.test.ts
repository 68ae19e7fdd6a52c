import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import {
  findBackgroundImage,
  findCarouselSlides,
  isCarouselRoot,
  toSliderBand,
  toVisibleSlides,
} from './carousels';
import type { Element, Node } from './dom';
import { findElement, getAttr } from './dom';

const rootOf = (html: string, className: string): Element =>
  findElement(parse(`<html><body>${html}</body></html>`) as Node, (e) =>
    (getAttr(e, 'class') ?? '').split(' ').includes(className),
  )!;
const idsOf = (slides: Element[] | undefined) => slides?.map((slide) => getAttr(slide, 'id'));

describe('carousel detection', () => {
  it('finds the slides of a Bootstrap 3 carousel, not its indicators or controls', () => {
    const root = rootOf(
      `<header id="myCarousel" class="carousel slide">
        <ol class="carousel-indicators"><li class="active"></li><li></li></ol>
        <div class="carousel-inner">
          <div id="s1" class="item active"><div class="fill" style="background-image:url('one.jpg');"></div><div class="carousel-caption"><h2>Caption 1</h2></div></div>
          <div id="s2" class="item"><div class="fill" style="background-image: url(two.jpg)"></div><div class="carousel-caption"><h2>Caption 2</h2></div></div>
        </div>
        <a class="left carousel-control" href="#myCarousel"><span class="icon-prev"></span></a>
      </header>`,
      'carousel',
    );
    const slides = findCarouselSlides(root);
    expect(idsOf(slides)).toEqual(['s1', 's2']);
    expect(slides!.map(findBackgroundImage)).toEqual(['one.jpg', 'two.jpg']);
  });

  it('leaves out the clones of slick, Owl and Swiper', () => {
    const slick = rootOf(
      `<div class="slick-slider"><div class="slick-track">
        <div id="c" class="slick-slide slick-cloned"></div><div id="a" class="slick-slide"></div><div id="b" class="slick-slide"></div>
      </div></div>`,
      'slick-slider',
    );
    expect(idsOf(findCarouselSlides(slick))).toEqual(['a', 'b']);
    const owl = rootOf(
      `<div class="owl-carousel"><div class="owl-stage"><div id="a" class="owl-item"></div><div id="b" class="owl-item"></div><div id="c" class="owl-item cloned"></div></div></div>`,
      'owl-carousel',
    );
    expect(idsOf(findCarouselSlides(owl))).toEqual(['a', 'b']);
    const swiper = rootOf(
      `<div class="swiper"><div class="swiper-wrapper"><div id="a" class="swiper-slide"></div><div id="d" class="swiper-slide swiper-slide-duplicate"></div><div id="b" class="swiper-slide"></div></div></div>`,
      'swiper',
    );
    expect(idsOf(findCarouselSlides(swiper))).toEqual(['a', 'b']);
  });

  it("reads a hand-made slider's list items as slides (a jCarouselLite of dishes)", () => {
    const root = rootOf(
      `<div class="carousel"><ul><li id="a"><img src="1.jpg"><h3>laserven</h3></li><li id="b"><img src="2.jpg"><h3>nertya</h3></li></ul></div>`,
      'carousel',
    );
    expect(idsOf(findCarouselSlides(root))).toEqual(['a', 'b']);
  });

  it('sees no carousel in its parts, in a one-slide slider or in ordinary markup', () => {
    expect(
      isCarouselRoot(
        rootOf('<div class="carousel-inner"><div class="item"></div></div>', 'carousel-inner'),
      ),
    ).toBe(false);
    expect(
      findCarouselSlides(rootOf('<div class="slider"><ul><li>Only</li></ul></div>', 'slider')),
    ).toBeUndefined();
    expect(
      findCarouselSlides(rootOf('<div class="content"><p>a</p><p>b</p></div>', 'content')),
    ).toBeUndefined();
  });

  it('counts the slides shown side by side: measured by the probe, else from the widths a script wrote', () => {
    const jcarousel = rootOf(
      `<div class="carousel" style="overflow: hidden; width: 894px;"><ul style="width: 3576px;">
        <li style="float: left; width: 298px;">A</li><li style="float: left; width: 298px;">B</li></ul></div>`,
      'carousel',
    );
    expect(toVisibleSlides(jcarousel, findCarouselSlides(jcarousel)!)).toBe(3);
    const slick = rootOf(
      `<div class="slick-slider"><div class="slick-track" data-sitelift-columns="4"><div class="slick-slide">A</div><div class="slick-slide">B</div></div></div>`,
      'slick-slider',
    );
    expect(toVisibleSlides(slick, findCarouselSlides(slick)!)).toBe(4);
    const bootstrap = rootOf(
      `<div class="carousel"><div class="carousel-inner"><div class="item">A</div><div class="item">B</div></div></div>`,
      'carousel',
    );
    expect(toVisibleSlides(bootstrap, findCarouselSlides(bootstrap)!)).toBeUndefined();
  });

  it('keeps the box the probe measured: full-bleed when it spanned the window, else boxed', () => {
    // A slider with a caption over its picture, 1440 px wide in a 1440 px window, 450 px high.
    const bleed = rootOf(
      `<header class="carousel"><div class="carousel-inner" data-sitelift-slider="1440 450 1440">
        <div class="item active" data-sitelift-slide><div style="background-image:url(a.jpg)"></div><h2>Caption 1</h2></div>
        <div class="item" data-sitelift-slide><div style="background-image:url(b.jpg)"></div><h2>Caption 2</h2></div>
      </div></header>`,
      'carousel',
    );
    const slides = findCarouselSlides(bleed)!;
    expect(toSliderBand(bleed, slides)).toEqual({ width: 1440, height: 450, isFullBleed: true });
    // The same slider in a 940 px column: boxed at its width.
    const boxed = rootOf(
      `<div class="slides" data-sitelift-slider="940 300 1440"><div data-sitelift-slide><img src="a.jpg"></div><div data-sitelift-slide><img src="b.jpg"></div></div>`,
      'slides',
    );
    expect(toSliderBand(boxed, findCarouselSlides(boxed)!)).toEqual({
      width: 940,
      height: 300,
      isFullBleed: false,
    });
    // Unmeasured (no browser, an older saved page): no box.
    const bare = rootOf(
      `<div class="carousel"><div class="carousel-inner"><div class="item">A</div><div class="item">B</div></div></div>`,
      'carousel',
    );
    expect(toSliderBand(bare, findCarouselSlides(bare)!)).toBeUndefined();
  });
});
