"""The scorekeeper's pages: start a game, follow its scoreboard, record and correct rounds.

Two links reach a game. The game link (``/g/<code>/``) is for the phones at the table:
whoever has it may record and correct rounds. The spectator link (``/w/<code>/``) is
read-only. Views that change data exist only under the game link; a spectator code used
there gets a 403 saying so, an unknown code a 404.

One module for each kind of page: ``start`` (starting a game), ``scoreboard`` (the game
page, its poll, the history), ``rounds`` (recording one), ``corrections`` (edit, delete,
undo, put back), ``players`` (players who come and go), ``downloads`` (files and QR codes)
and ``whole_table`` (the table link, more scorers, the big screen); ``common`` holds what
they share.
"""
