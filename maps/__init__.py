"""Map files shipped with the package (as adjudicator.maps)."""
