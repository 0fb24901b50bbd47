"""Items said in a row with no comma: "put eggs milk and bread on the shopping list".

A run of words splits into items only when every word is a known grocery or household noun and
no word could be the first half of a two-word item: "eggs milk" is eggs and milk, "apples bananas
oranges" three items, "paper towels milk" paper towels and milk; "ice cream", "peanut butter",
"chicken soup" (chicken could start an item), "dog food", "call mom" (not all groceries) stay one.
"""

from __future__ import annotations

import re

__all__ = ["is_grocery", "split_run"]

_NOUNS = frozenset(
    """
    apple apricot avocado bagel banana basil bean beef beer berry biscuit blueberry bread
    broccoli brownie bun butter cabbage cake candy carrot cashew cauliflower celery cereal
    cheese cherry chicken chili chip chocolate cider cinnamon clementine cocoa coconut cod
    coffee coke cookie corn couscous crab cracker cranberry cream crisp croissant cucumber
    cupcake date dough doughnut donut egg eggplant fig fish flour garlic ginger grape
    grapefruit granola ham hummus honey jam jelly juice kale ketchup kiwi lamb lasagna leek
    lemon lemonade lentil lettuce lime mango margarine mayo mayonnaise melon milk mint muffin
    mushroom mustard noodle nut oat oatmeal oil olive onion orange oyster pancake papaya
    paprika parsley pasta pea peach peanut pear pepper pickle pie pineapple pizza plum pork
    potato prawn pretzel pumpkin quinoa radish raisin raspberry rice roll rum salad salami
    salmon salsa salt sandwich sardine sauce sausage scallion shrimp soda soup spaghetti
    spinach squash steak strawberry sugar syrup taco tangerine tea tofu tomato tortilla trout
    tuna turkey vanilla vinegar waffle walnut water watermelon wine yoghurt yogurt zucchini
    battery bleach bulb candle charger cleaner conditioner deodorant detergent diaper foil
    glue lightbulb match napkin nail razor screw shampoo soap sock sponge tape tissue
    toothbrush toothpaste towel wipe
    """.split()
)
"""Grocery and household nouns, singular ("eggs" is found as "egg")."""

_MAY_START = frozenset(
    """
    apple apricot banana bean beef biscuit blueberry bread cake carrot cheese cherry
    chicken chili chocolate cinnamon coconut cod coffee corn crab cranberry cream egg fish
    garlic ginger grape ham honey lemon lime mango mint mushroom oat olive onion orange
    pasta pea peach peanut pepper pizza pork potato pumpkin raspberry rice salad salmon sausage
    soda strawberry sugar tea tomato tuna turkey vanilla water wine candle toothpaste tissue
    soap
    """.split()
)
"""Nouns that also start two-word items in the singular ("chicken soup", "orange juice")."""

_PAIRS = frozenset(
    """
    ice_cream peanut_butter paper_towels paper_towel toilet_paper toilet_rolls kitchen_roll
    cream_cheese sour_cream olive_oil orange_juice apple_juice green_beans hot_dogs
    potato_chips almond_milk oat_milk soy_milk coconut_milk soy_sauce brown_sugar
    cottage_cheese baking_soda baking_powder dish_soap hand_soap trash_bags garbage_bags
    bin_bags tin_foil aluminum_foil cling_film plastic_wrap light_bulbs ground_beef
    sweet_potatoes sweet_potato corn_flakes maple_syrup whipped_cream tortilla_chips
    hot_sauce milk_chocolate dog_food cat_food chicken_breast chicken_breasts
    """.split()
)
"""Two-word items said often enough to know them ("ice cream" is one item)."""


def _singular(word: str) -> str | None:
    """The noun `word` is, singular, when it is one of `_NOUNS` ("cherries" -> "cherry")."""
    word = word.lower()
    candidates = [word]
    if word.endswith("ies"):
        candidates.append(word[:-3] + "y")
    if word.endswith("es"):
        candidates.append(word[:-2])
    if word.endswith("s"):
        candidates.append(word[:-1])
    return next((c for c in candidates if c in _NOUNS), None)


def split_run(text: str) -> list[str]:
    """The items a comma-less run of words names, or [text] when it is one item (or unsure)."""
    words = text.split()
    if len(words) < 2 or "_".join(words).lower() in _PAIRS:
        return [text]
    items: list[str] = []
    at = 0
    while at < len(words):
        pair = "_".join(words[at : at + 2]).lower()
        if pair in _PAIRS:
            items.append(" ".join(words[at : at + 2]))
            at += 2
            continue
        noun = _singular(words[at])
        if noun is None:
            return [text]  # "call mom", "green beans": not a run of groceries
        if noun == words[at].lower() and noun in _MAY_START and at + 1 < len(words):
            return [text]  # "chicken soup", "orange juice": maybe one item
        items.append(words[at])
        at += 1
    return items


_AMOUNT = (
    r"^(?:(?:some|a|an|more|extra|another|a\s+few|a\s+couple\s+of|\d+|a\s+dozen|a\s+bit\s+of)\s+)?"
    r"(?:(?:bottles?|cartons?|loaf|loaves|bags?|packs?|packets?|cans?|tins?|jars?|box(?:es)?"
    r"|bunch(?:es)?|pints?|dozen|kilos?|pounds?|lbs?|rolls?|heads?|pieces?|slices?)\s+of\s+)?"
)
"""How much of an item ("two cartons of milk", "a loaf of bread"): no part of what it is."""


def is_grocery(item: str) -> bool:
    """Whether `item` is a known grocery or household thing.

    "milk", "two cartons of eggs", "peanut butter" are; "green apples" is not (only the words
    above are known).
    """
    words = re.sub(_AMOUNT, "", item.strip().lower()).split()
    if not words:
        return False
    if "_".join(words) in _PAIRS:
        return True
    return all(_singular(word) is not None for word in words)
