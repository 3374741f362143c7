"""The guided demonstration: one hand dealt to show each rule as it happens, step by
step, fitted to the player's rule set (tutorial.py: the scene and its steps;
demo_deal.py: the deal and its words). It builds on the table (spades/ui/table) and
the floors below it; the App starts it from How to play and the first visit's menu."""
