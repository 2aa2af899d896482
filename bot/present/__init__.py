"""The shared presentation: the :class:`~bot.present.contract.Presenter` protocol every family's presenter follows,
the registry of presenters, and the frames every family's messages share (the table message, the DM panel, the
lobby, the settlement post, the replay, ``/calc``) with the generic layout of a seat's controls.

Modules the families build on (``contract``, ``base``, ``parts``, ``words``, ``results``, ``hints``, ``controls``,
``calc_parts``, ``panel``) never import ``registry``; the frames (``table_message``, ``dm``, ``settlement``, ``lobby``,
``pictures``, ``calc``) dispatch through it."""
