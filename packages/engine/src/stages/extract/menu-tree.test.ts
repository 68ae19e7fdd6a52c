import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { Node } from './dom';
import { findMenu } from './menu-tree';

const PAGE = 'https://example.com/';
const doc = (body: string) => parse(`<html><body>${body}</body></html>`) as Node;

describe('findMenu', () => {
  it('keeps every top-level item of a Bootstrap navbar with its dropdowns, without the brand', () => {
    const menu = findMenu(
      doc(`<nav class="navbar"><a class="navbar-brand" href="/">Start Bootstrap</a>
        <button class="navbar-toggle"><span class="sr-only">Toggle navigation</span> Menu</button>
        <ul class="nav navbar-nav">
          <li class="hidden"><a href="#page-top"></a></li>
          <li><a href="/about.html">About</a></li>
          <li class="dropdown"><a href="#" class="dropdown-toggle">Portfolio <b class="caret"></b></a>
            <ul class="dropdown-menu"><li><a href="/p1.html">1 Column</a></li><li><a href="/p2.html">2 Columns</a></li></ul></li>
          <li><a href="/contact.html">Contact</a></li>
        </ul></nav>`),
      PAGE,
    );
    expect(menu).toEqual([
      { label: 'About', href: 'https://example.com/about.html', children: [] },
      {
        label: 'Portfolio',
        children: [
          { label: '1 Column', href: 'https://example.com/p1.html', children: [] },
          { label: '2 Columns', href: 'https://example.com/p2.html', children: [] },
        ],
      },
      { label: 'Contact', href: 'https://example.com/contact.html', children: [] },
    ]);
  });

  it('reads rollover twins once and a dropdown wrapper with a button toggle in the bars the probe marked', () => {
    const menu = findMenu(
      doc(`<div class="bar" data-sitelift-menu=""><a href="/cv.pdf">CV</a>
          <div class="quick-link-dropdown"><button class="dropdown-toggle">Academic <span>▼</span></button>
            <div class="dropdown-menu"><a href="/talks.html">Talks</a><a href="/teaching.html">Teaching</a></div></div></div>
        <p>Between the bars</p>
        <nav class="menu" data-sitelift-menu=""><ul>
          <li><a href="#!/page_home"><b>main</b><span>main</span></a></li>
          <li class="with_ul"><a href="#!/page_about"><b>about us</b><span>about us</span></a>
            <ul class="submenu_1"><li><a href="#!/page_more">team</a></li></ul></li>
        </ul></nav>`),
      PAGE,
    );
    expect(menu).toEqual([
      { label: 'CV', href: 'https://example.com/cv.pdf', children: [] },
      {
        label: 'Academic',
        children: [
          { label: 'Talks', href: 'https://example.com/talks.html', children: [] },
          { label: 'Teaching', href: 'https://example.com/teaching.html', children: [] },
        ],
      },
      { label: 'main', href: 'https://example.com/#!/page_home', children: [] },
      {
        label: 'about us',
        href: 'https://example.com/#!/page_about',
        children: [{ label: 'team', href: 'https://example.com/#!/page_more', children: [] }],
      },
    ]);
  });

  it('names picture items from their alt or title, a hover twin once, a file name never', () => {
    const menu = findMenu(
      doc(`<table data-sitelift-menu=""><tr>
          <td><a href="/index.html"><img src="home.gif" alt="Home"><img class="hover" src="home-on.gif" alt="Home"></a></td>
          <td><a href="/rooms.html"><img src="rooms.gif" title="Our rooms"></a></td>
          <td><a href="/map.html" title="How to get here"><img src="map.gif" alt="map.gif"></a></td>
          <td><a href="/blank.html"><img src="blank.gif" alt=""></a></td>
        </tr></table>`),
      PAGE,
    );
    expect(menu).toEqual([
      { label: 'Home', href: 'https://example.com/index.html', children: [] },
      { label: 'Our rooms', href: 'https://example.com/rooms.html', children: [] },
      { label: 'How to get here', href: 'https://example.com/map.html', children: [] },
    ]);
  });

  it('finds no menu on a page without navigation', () => {
    expect(findMenu(doc('<p>Just <a href="/a">one</a> link.</p>'), PAGE)).toEqual([]);
  });
});
