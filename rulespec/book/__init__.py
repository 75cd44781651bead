"""Rulebooks: a spec rendered as a book a player can learn from.

`render` assembles the book (Markdown, HTML, PDF), `english` holds the grammar every block's
sentence is built with, `diagram` draws boards (and the sowing of a move), and `templates/`
has one Jinja template per section of the book.
"""
from .render import Book, render_book, slug, to_html, to_pdf, write_book

__all__ = ["Book", "render_book", "slug", "to_html", "to_pdf", "write_book"]
