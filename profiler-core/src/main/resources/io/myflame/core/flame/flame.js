// myflame flamegraph: tooltips, zoom and search for the frames drawn above. No network, no eval:
// every name reaches the page through textContent, never as markup.
(function () {
  'use strict';
  var NS = 'http://www.w3.org/2000/svg';
  var frames = document.getElementById('frames');
  var total = +frames.getAttribute('data-total');
  var unit = frames.getAttribute('data-unit');
  var width = +frames.getAttribute('data-width');
  var pad = +frames.getAttribute('data-pad');
  var charWidth = +(frames.getAttribute('data-charwidth') || 12 * 0.59);
  var factor = +(frames.getAttribute('data-factor') || 1);
  var nameType = frames.getAttribute('data-nametype') || 'Function:';
  var truncateRight = frames.getAttribute('data-truncate') === 'right';
  var textDy = +(frames.getAttribute('data-dy') || 11);
  var scaleTotal = +(frames.getAttribute('data-scale-total') || 0);
  var rootFrame = firstFrame(frames);
  var zoomed = rootFrame;
  var pattern = null;
  var details = textOf('details');
  var matched = textOf('matched');
  var resetButton = document.getElementById('reset');
  var searchButton = document.getElementById('search');
  var tip = makeTip();

  // A frame is <g class='f'> holding its <rect>, its label (jfreesvg wraps each <text> in a
  // plain <g>) and the frames of its callees.
  function isFrame(c) { return c.tagName === 'g' && c.classList.contains('f'); }
  function firstFrame(g) { return kids(g)[0]; }
  function kids(g) {
    var out = [];
    for (var c = g.firstElementChild; c; c = c.nextElementSibling) {
      if (isFrame(c)) out.push(c);
    }
    return out;
  }
  function child(g, tag) {
    for (var c = g.firstElementChild; c; c = c.nextElementSibling) {
      if (c.tagName === tag) return c;
      if (tag === 'text' && c.tagName === 'g' && !isFrame(c) && c.firstElementChild
          && c.firstElementChild.tagName === 'text') return c.firstElementChild;
    }
    return null;
  }
  function textOf(id) {
    var e = document.getElementById(id);
    return e.tagName === 'text' ? e : e.querySelector('text');
  }
  function name(g) { return g.getAttribute('data-n'); }
  function weight(g) { return +g.getAttribute('data-w'); }
  function gap(g) { return +(g.getAttribute('data-g') || 0); }
  // Two decimals as the tables print them (C's printf: ties to even). toFixed rounds a tie up, and a tie
  // is exact only for a multiple of 1/8 (15.625 % is 5 samples of 32), where v * 100 is exact too.
  function pct(a, b) {
    if (!(b > 0)) { return '0.00'; }
    var v = 100 * a / b, h = v * 100;
    if ((v * 8) % 1 === 0 && h % 1 === 0.5 && (h - 0.5) % 2 === 0) { return ((h - 0.5) / 100).toFixed(2); }
    return v.toFixed(2);
  }
  function grouped(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ','); }

  // The label of a frame w pixels wide, as FrameLabel.java fits it when the page is drawn: its
  // end without whole leading qualifiers, then whole leading words, then characters; with
  // --truncate-text-right its start. A zoomed frame must read as the drawn one would.
  function fit(s, w) {
    var chars = Math.floor((w - 6) / charWidth);
    if (chars < 3) return '';
    if (s.length <= chars) return s;
    return truncateRight ? s.substring(0, chars - 2) + '..' : '..' + s.substring(tailStart(s, chars - 2));
  }
  function tailStart(s, room) {
    var earliest = s.length - room;
    var lastQualifier = 0;
    var depth = 0;
    for (var i = 0; i + 1 < s.length; i++) {
      var c = s.charAt(i);
      if (c === '<' || c === '(' || c === '[') {
        depth++;
      } else if ((c === '>' || c === ')' || c === ']') && depth > 0) {
        depth--;
      } else if (c === ':' && s.charAt(i + 1) === ':' && depth === 0) {
        var after = i + 2;
        while (after < s.length && s.charAt(after) === ':') after++;
        if (after >= earliest) return after;
        lastQualifier = after;
        i = after - 1;
      }
    }
    for (var j = Math.max(earliest, lastQualifier + 1); j < s.length; j++) {
      if (wordStart(s, j)) return j;
    }
    return earliest;
  }
  // Letters and digits as Java's Character.isLetterOrDigit sees them, and its isUpperCase and isLowerCase.
  var alnum = /^[\p{L}\p{Nd}]$/u;
  function wordStart(s, i) {
    var c = s.charAt(i);
    var before = s.charAt(i - 1);
    if (!alnum.test(c)) return false;
    return !alnum.test(before) || (/^\p{Uppercase}$/u.test(c) && /^\p{Lowercase}$/u.test(before));
  }

  function place(g, x, w) {
    var r = child(g, 'rect');
    r.setAttribute('x', x.toFixed(2));
    r.setAttribute('width', Math.max(w, 0).toFixed(2));
    var t = child(g, 'text');
    var s = fit(name(g), w);
    if (!t && s) {
      t = document.createElementNS(NS, 'text');
      t.setAttribute('y', (+r.getAttribute('y') + textDy).toFixed(2));
      g.insertBefore(t, r.nextSibling);
    }
    if (t) {
      t.setAttribute('x', (x + 3).toFixed(2));
      t.textContent = s;
    }
  }

  // Children start at the parent's left edge in name order; pruned siblings leave their gap.
  // An explicit work list, not recursion: stacks may be many thousands of frames deep.
  function layout(g, x, w, scale) {
    var todo = [[g, x, w]];
    while (todo.length) {
      var item = todo.pop();
      place(item[0], item[1], item[2]);
      var cx = item[1];
      kids(item[0]).forEach(function (c) {
        cx += gap(c) * scale;
        var cw = weight(c) * scale;
        todo.push([c, cx, cw]);
        cx += cw;
      });
    }
  }

  function zoom(g) {
    zoomed = g;
    var all = frames.querySelectorAll('g.f');
    for (var i = 0; i < all.length; i++) {
      all[i].style.display = '';
      all[i].classList.remove('anc');
    }
    for (var p = g; p !== rootFrame; p = p.parentNode) {
      var parent = p.parentNode;
      kids(parent).forEach(function (c) { if (c !== p) c.style.display = 'none'; });
      parent.classList.add('anc');
      place(parent, pad, width - 2 * pad);
    }
    var span = g === rootFrame && scaleTotal > weight(g) ? scaleTotal : weight(g);
    layout(g, pad, (width - 2 * pad) * weight(g) / span, (width - 2 * pad) / span);
    resetButton.classList.toggle('off', g === rootFrame);
    if (pattern !== null) search(pattern);
  }

  // Weight covered by matching frames under g, a match inside a match counted once.
  function covered(g, regex) {
    var sum = 0;
    var todo = [g];
    while (todo.length) {
      var f = todo.pop();
      if (f !== rootFrame && regex.test(name(f))) {
        sum += weight(f);
      } else {
        kids(f).forEach(function (c) { todo.push(c); });
      }
    }
    return sum;
  }

  function search(source) {
    var regex;
    try {
      regex = new RegExp(source);
    } catch (e) {
      matched.textContent = 'Bad regular expression';
      return;
    }
    pattern = source;
    var all = frames.querySelectorAll('g.f');
    for (var i = 0; i < all.length; i++) {
      all[i].classList.toggle('hit', all[i] !== rootFrame && regex.test(name(all[i])));
    }
    var text = 'Matched: ' + pct(covered(rootFrame, regex), total) + '%';
    if (zoomed !== rootFrame) {
      var inZoom = covered(zoomed, regex);
      for (var p = zoomed.parentNode; p !== frames; p = p.parentNode) {
        if (p !== rootFrame && regex.test(name(p))) inZoom = weight(zoomed);
      }
      text += ' (' + pct(inZoom, weight(zoomed)) + '% of zoom)';
    }
    matched.textContent = text;
  }

  function clearSearch() {
    pattern = null;
    var all = frames.querySelectorAll('g.f.hit');
    for (var i = 0; i < all.length; i++) all[i].classList.remove('hit');
    matched.textContent = ' ';
  }

  function askSearch() {
    var s = window.prompt('Search frames (regular expression):', pattern === null ? '' : pattern);
    if (s === null) return;
    if (s === '') clearSearch(); else search(s);
  }

  function makeTip() {
    var g = document.createElementNS(NS, 'g');
    g.setAttribute('id', 'tip');
    g.setAttribute('visibility', 'hidden');
    g.appendChild(document.createElementNS(NS, 'rect'));
    g.appendChild(document.createElementNS(NS, 'text'));
    document.documentElement.appendChild(g);
    return g;
  }

  function describe(g) {
    var w = weight(g);
    var lines = [name(g), grouped(Math.round(w * factor)) + ' ' + unit + ', ' + pct(w, total) + '% of total, '
        + pct(w, weight(zoomed)) + '% of zoomed frame'];
    var note = g.getAttribute('data-t');
    if (note) lines.push(note);
    return lines;
  }

  function showTip(g, evt) {
    var lines = describe(g);
    var text = tip.lastChild;
    while (text.firstChild) text.removeChild(text.firstChild);
    lines.forEach(function (line, i) {
      var span = document.createElementNS(NS, 'tspan');
      span.setAttribute('x', '6');
      span.setAttribute('dy', i === 0 ? '14' : '15');
      span.textContent = line;
      text.appendChild(span);
    });
    tip.setAttribute('visibility', 'visible');
    var box = text.getBBox();
    var r = tip.firstChild;
    r.setAttribute('width', (box.width + 12).toFixed(0));
    r.setAttribute('height', (lines.length * 15 + 6).toFixed(0));
    var pt = document.documentElement.createSVGPoint();
    pt.x = evt.clientX;
    pt.y = evt.clientY;
    var p = pt.matrixTransform(document.documentElement.getScreenCTM().inverse());
    var x = Math.min(p.x + 12, width - box.width - 14);
    tip.setAttribute('transform', 'translate(' + Math.max(0, x).toFixed(0) + ',' + (p.y + 14).toFixed(0) + ')');
    details.textContent = nameType + ' ' + lines[0] + ' (' + lines[1] + ')';
  }

  frames.addEventListener('mousemove', function (evt) {
    var g = evt.target.closest('g.f');
    if (g) showTip(g, evt);
  });
  frames.addEventListener('mouseout', function () {
    tip.setAttribute('visibility', 'hidden');
    details.textContent = ' ';
  });
  frames.addEventListener('click', function (evt) {
    var g = evt.target.closest('g.f');
    if (g) {
      zoom(g);
      showTip(g, evt);
    }
  });
  resetButton.addEventListener('click', function () { zoom(rootFrame); });
  searchButton.addEventListener('click', askSearch);
  window.addEventListener('keydown', function (evt) {
    if ((evt.ctrlKey || evt.metaKey) && (evt.key === 'f' || evt.key === 'F')) {
      evt.preventDefault();
      askSearch();
    } else if (evt.key === 'Escape') {
      clearSearch();
    }
  });
  resetButton.classList.add('off');
  window.myflame = { zoom: zoom, search: search, clearSearch: clearSearch, root: rootFrame, fit: fit };
})();
