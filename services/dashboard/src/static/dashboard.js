/*
 * Live updates of the server-rendered dashboard over server-sent events: rows of the payment lists,
 * and a payment page's heading, details, deposits and timeline. The pages work without it. It carries
 * no words: the server renders every part and every announcement, and this script only puts them in
 * place. EventSource reconnects by itself and sends Last-Event-ID, so the server replays what a
 * dropped connection missed.
 */
(function () {
  'use strict';

  var region = document.querySelector('[data-live-url]');
  if (!region || typeof window.EventSource !== 'function') return;

  var announcer = region.querySelector('[data-live-announce]');
  var paused = region.querySelector('[data-live-paused]');
  var resetNote = region.querySelector('[data-live-reset]');
  var rows = document.querySelector('tbody[data-live-rows]');
  var timeline = document.querySelector('[data-live-timeline]');
  var newestShown = region.hasAttribute('data-live-newest');
  var rowLimit = Number(region.getAttribute('data-live-limit')) || 0;
  var streamUrl = region.getAttribute('data-live-url');
  var lastEventId = '';
  var retryMs = 5000;

  function element(markup) {
    var template = document.createElement('template');
    template.innerHTML = markup.trim();
    return template.content.firstElementChild;
  }

  function paymentIdOf(row) {
    return Number(row.getAttribute('data-payment-id'));
  }

  var quiet = false;

  function marked(node) {
    if (!quiet) node.classList.add('live-changed');
    return node;
  }

  /** Replaces the payment's row, or slots it in where it belongs among the rows shown; true if shown. */
  function placeRow(message) {
    if (!rows || !message.parts.row) return false;
    var shown = Array.prototype.slice.call(rows.querySelectorAll('tr[data-payment-id]'));
    var row = marked(element(message.parts.row));
    for (var i = 0; i < shown.length; i++) {
      if (paymentIdOf(shown[i]) === message.paymentId) {
        shown[i].replaceWith(row);
        return true;
      }
    }
    if (!message.matches) return false;
    var before = null;
    for (var j = 0; j < shown.length; j++) {
      if (paymentIdOf(shown[j]) < message.paymentId) {
        before = shown[j];
        break;
      }
    }
    // Above the first row only where the page lists the newest; below the last one is another page.
    if (before === shown[0] && !newestShown) return false;
    if (before === null && (shown.length > 0 || !newestShown)) return false;
    var empty = rows.querySelector('tr[data-live-empty]');
    if (empty) empty.remove();
    rows.insertBefore(row, before);
    if (rowLimit > 0) {
      var all = rows.querySelectorAll('tr[data-payment-id]');
      for (var k = all.length - 1; k >= rowLimit; k--) all[k].remove();
    }
    return true;
  }

  function replacePart(name, markup) {
    var current = document.querySelector('[data-live-part="' + name + '"]');
    if (current && markup) current.replaceWith(marked(element(markup)));
    return Boolean(current);
  }

  function addEvent(message) {
    if (!timeline || !message.parts.event) return false;
    if (timeline.querySelector('li[data-version="' + message.version + '"]')) return false;
    var item = marked(element(message.parts.event));
    var later = Array.prototype.slice
      .call(timeline.querySelectorAll('li[data-version]'))
      .filter(function (li) {
        return Number(li.getAttribute('data-version')) > message.version;
      })[0];
    timeline.insertBefore(item, later || null);
    return true;
  }

  function apply(message) {
    quiet = Boolean(message.quiet);
    var shown = placeRow(message);
    ['heading', 'facts', 'deposits'].forEach(function (name) {
      if (message.parts[name] && replacePart(name, message.parts[name])) shown = true;
    });
    if (addEvent(message)) shown = true;
    if (shown && !quiet && message.announce && announcer) announcer.textContent = message.announce;
  }

  function connect() {
    var url = streamUrl;
    if (lastEventId) url = url.replace(/([?&])since=[^&]*/, '$1since=' + encodeURIComponent(lastEventId));
    var source = new EventSource(url);
    source.addEventListener('open', function () {
      if (paused) paused.hidden = true;
      retryMs = 5000;
    });
    source.addEventListener('payment', function (event) {
      lastEventId = event.lastEventId || lastEventId;
      apply(JSON.parse(event.data));
    });
    source.addEventListener('reset', function (event) {
      lastEventId = event.lastEventId || lastEventId;
      if (resetNote) resetNote.hidden = false;
    });
    source.addEventListener('error', function () {
      if (paused) paused.hidden = false;
      // CONNECTING: the browser retries by itself. CLOSED: it gave up (a refusal); try again later.
      if (source.readyState === EventSource.CLOSED) {
        setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, 300000);
      }
    });
  }

  connect();
})();
