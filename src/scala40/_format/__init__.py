"""How the library's values are written, read and copied (internal).

Each format the library writes (dictionaries, JSON Schemas, a position's text, a move's
notation, pickles) is made from the same declarations, through these modules:

- :mod:`~scala40._format.specs`: a state's fields described once, each with its spec,
  and the writer, reader, checks, schema and position grammar that follow from them;
  :mod:`~scala40._format.codecs`, the kinds of field a state holds;
- :mod:`~scala40._format.serial`: what every serialized value shares, a format and a
  version, and typed reads of its fields;
- :mod:`~scala40._format.text_fields`: a position text's grammar, its fields and their
  usual values;
- :mod:`~scala40._format.text_values`: JSON values as the fields of a position's text;
- :mod:`~scala40._format.fields`: fast copies of frozen values with some fields
  changed, and their pickles without their caches;
- :mod:`~scala40._format.generated`: the functions written as source from the
  declarations (copies, writers, readers, checks), compiled so that a reader, a
  traceback and a debugger can follow them.

The building blocks of the JSON Schemas are public, :mod:`scala40.schema_parts`.

The package's own module imports nothing, so that its modules load as the core needs
them.
"""
