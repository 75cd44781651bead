"""Rulebooks from someone else's spec contain only what the project draws: spec text is text
(no HTML from it reaches the page), and the PDF renderer loads nothing but inline data."""
from __future__ import annotations

import io
import re
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest

import rulespec
from rulespec.book.render import css_string, inline_only, render_book, to_html, to_pdf

ATTACK = ('<script>alert(1)</script><link rel="attachment" href="file:///etc/passwd">'
          '<img src="{http}/pixel.png"><style>@import url({http}/style.css);</style>'
          ' ![x](file:///etc/passwd) ![y]({http}/image.png) [z](javascript:alert(1))')


class Recorder(BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_GET(self):  # noqa: N802 - http.server's name
        Recorder.hits.append(self.path)
        self.send_response(404)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def http():
    server = HTTPServer(("127.0.0.1", 0), Recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def hostile_spec(http: str) -> str:
    attack = ATTACK.format(http=http).replace("'", "''")
    return f"""
name: 'Evil</title><script>x()</script>"\\\\'
summary: '{attack}'
history: '{attack}'
notes: ['{attack}']
sources: [{{title: '{attack}', author: '{attack}', url: 'file:///etc/passwd'}}]
board: {{ranks: 2, pits: 6, stores: beside, terms: {{pit: '<b>pit</b>', piece: '<i onload=x()>seed</i>'}}}}
setup: {{per_pit: 4}}
turn: {{moves: [{{name: '<u>sow</u>', from: {{side: own, count: {{min: 1}}}}, direction: counterclockwise}}]}}
captures: [{{name: '<s>two</s>', when: {{side: opponent, count: [2, 3]}}, take: [landing], to: store}}]
end: [{{kind: no_legal_move}}]
examples:
  - caption: '{attack}'
    moves: [A1]
"""


def test_spec_text_never_becomes_html(http):
    book = render_book(rulespec.load_text(hostile_spec(http), "evil.yaml"))
    assert "<script" not in book.markdown and "<link" not in book.markdown and "<img" not in book.markdown
    page = to_html(book)
    body = page.split("<body>", 1)[1]
    for tag in ("<script", "<link", "<style", "<img", "<b>", "<i "):
        assert tag not in body, tag
    assert "javascript:" not in re.findall(r'href="([^"]*)"', page).__str__()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body  # shown as text
    assert "<title>Evil&lt;/title&gt;&lt;script&gt;" in page
    head = page.split("<body>", 1)[0]
    assert head.count("<script") == 0 and head.count("</style>") == 1


def test_pdf_reads_no_file_and_reaches_no_server(http):
    from pypdf import PdfReader

    Recorder.hits.clear()
    pdf = to_pdf(render_book(rulespec.load_text(hostile_spec(http), "evil.yaml")))
    reader = PdfReader(io.BytesIO(pdf))
    assert not reader.attachments
    assert b"root:" not in pdf
    assert Recorder.hits == []


@pytest.mark.parametrize("url", ["file:///etc/passwd", "http://127.0.0.1:9/x.css", "https://example.org/a.png",
                                 "ftp://example.org/x", "/etc/passwd", "../secret"])
def test_the_url_fetcher_refuses_everything_but_data(url):
    fetcher = inline_only()
    with pytest.raises(Exception):
        fetcher.fetch(url) if hasattr(fetcher, "fetch") else fetcher(url)


def test_the_url_fetcher_loads_inline_data():
    fetcher = inline_only()
    response = fetcher.fetch("data:text/plain,hello") if hasattr(fetcher, "fetch") else fetcher("data:text/plain,hello")
    assert b"hello" in (response.read() if hasattr(response, "read") else response["string"])


def test_css_strings_cannot_close_the_string_or_the_style():
    text = css_string('a"b\\c</style><x>')
    assert '"' not in text and "<" not in text and "\\" + "22 " in text


def test_the_fetcher_guards_the_pdf_even_if_markup_got_through(http):
    """Defence in depth: were raw markup ever to reach the page, the PDF would still attach no
    file and fetch nothing."""
    import weasyprint
    from pypdf import PdfReader

    Recorder.hits.clear()
    page = (f'<link rel="attachment" href="file:///etc/passwd"><link rel="stylesheet" href="{http}/s.css">'
            f'<img src="{http}/i.png"><img src="file:///etc/passwd"><p>text</p>')
    pdf = weasyprint.HTML(string=page, url_fetcher=inline_only()).write_pdf()
    assert not PdfReader(io.BytesIO(pdf)).attachments
    assert b"root:" not in pdf
    assert Recorder.hits == []
