"""Every text the program produces: reports, ``check`` and route advice through Jinja templates, the
phrasebooks that turn the engines' codes into sentences, and the ASCII map.
"""
