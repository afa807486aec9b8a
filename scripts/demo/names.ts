import 'server-only';
import type { Locale } from '@/lib/shared/locales';

const words = (text: string): readonly string[] => text.split(' ');

/** Common first names by language and gender, for demo member names. */
export const FIRST_NAMES: Record<Locale, { female: readonly string[]; male: readonly string[] }> = {
  nl: {
    female: words(
      'Anna Sanne Lotte Emma Fleur Lisa Eva Anouk Iris Femke Marloes Sophie Julia Noor Esther Inge ' +
        'Ilse Maaike Roos Tessa Nienke Linda Mirjam Karin Petra Annemiek Jolien Yvonne Wendy Manon ' +
        'Liselotte Sara Floor Merel Kim Marieke Ellen Hanneke Anke Lieke Britt Saskia Ingrid Els',
    ),
    male: words(
      'Daan Sem Lucas Bram Thijs Jeroen Ruben Niels Joost Bas Tim Pieter Jan Sander Wouter Martijn ' +
        'Koen Stijn Jasper Maarten Rick Dennis Mark Erik Hans Kees Gert Rob Jelle Sjoerd Mees Teun ' +
        'Luuk Gijs Vincent Frank Arjen Bart Henk Johan Wim Robin Jesse Milan',
    ),
  },
  de: {
    female: words(
      'Anna Lena Laura Julia Sarah Lisa Katharina Hannah Leonie Sophie Marie Johanna Nina Jana ' +
        'Franziska Carolin Sabine Petra Claudia Andrea Susanne Birgit Stefanie Melanie Anja Kerstin ' +
        'Nicole Tanja Ulrike Heike Miriam Vanessa Lea Emilia Clara Greta Friederike Ines Monika Karin ' +
        'Bettina Verena Theresa Magdalena',
    ),
    male: words(
      'Lukas Felix Jonas Leon Maximilian Paul Tobias Florian Sebastian Daniel Stefan Michael Thomas ' +
        'Andreas Markus Christian Matthias Alexander Jan Philipp Simon Moritz Tim Niklas Jürgen Uwe ' +
        'Frank Bernd Wolfgang Klaus Dieter Rainer Holger Jens Sven Dirk Torsten Benedikt Fabian ' +
        'Dominik Lorenz Matthäus Georg Ralf',
    ),
  },
  en: {
    female: words(
      'Emma Olivia Sophie Charlotte Grace Emily Jessica Hannah Lucy Chloe Amy Sarah Rachel Laura ' +
        'Rebecca Megan Lauren Katie Ella Holly Zoe Abigail Madison Ashley Brittany Jennifer Michelle ' +
        'Kimberly Nicole Heather Amanda Karen Susan Linda Deborah Claire Fiona Siobhan Aoife Niamh ' +
        'Kylie Tegan Isla Harper Avery Molly',
    ),
    male: words(
      'James Oliver Jack Harry Thomas William George Daniel Matthew Michael David Andrew Chris Ryan ' +
        'Luke Adam Ben Sam Josh Tom Liam Noah Ethan Mason Logan Tyler Brandon Justin Kevin Jason ' +
        'Brian Mark Paul Steven Gary Kieran Sean Cian Connor Callum Jamie Lachlan Hamish Mitchell ' +
        'Cooper Nathan',
    ),
  },
  es: {
    female: words(
      'Lucía María Paula Laura Marta Sara Ana Carmen Elena Cristina Isabel Alba Andrea Claudia ' +
        'Irene Nuria Raquel Silvia Patricia Beatriz Rocío Pilar Sofía Valeria Daniela Carla Noelia ' +
        'Lorena Inés Marina Gabriela Ximena Guadalupe Alejandra Natalia Verónica Rosa Teresa Julia ' +
        'Celia',
    ),
    male: words(
      'Hugo Pablo Javier Daniel Alejandro David Carlos Sergio Adrián Álvaro Diego Jorge Manuel ' +
        'Antonio José Francisco Miguel Rubén Iván Raúl Fernando Luis Juan Mateo Marcos Víctor Óscar ' +
        'Alberto Ignacio Gonzalo Santiago Andrés Eduardo Ricardo Emilio Rafael Mario Tomás Nicolás ' +
        'Joaquín',
    ),
  },
  fr: {
    female: words(
      'Camille Léa Manon Chloé Emma Inès Sarah Julie Marie Pauline Claire Élodie Aurélie Céline ' +
        'Sophie Nathalie Isabelle Sandrine Valérie Stéphanie Émilie Mathilde Margaux Juliette Louise ' +
        'Charlotte Anaïs Océane Laetitia Audrey Caroline Virginie Hélène Agathe Zoé Maëlle Gaëlle ' +
        'Amandine Noémie Élise',
    ),
    male: words(
      'Lucas Hugo Thomas Nicolas Julien Maxime Antoine Alexandre Pierre Louis Romain Guillaume ' +
        'Mathieu Sébastien Olivier Laurent Philippe François Benoît Vincent Jérôme Christophe Arnaud ' +
        'Damien Quentin Théo Baptiste Clément Adrien Florian Jean-Marc Jean-Luc Cédric Fabien Xavier ' +
        'Gaël Loïc Raphaël Étienne Mathis',
    ),
  },
  it: {
    female: words(
      'Giulia Chiara Francesca Sara Martina Alessia Valentina Federica Elisa Silvia Elena Giorgia ' +
        'Laura Paola Roberta Simona Daniela Monica Barbara Claudia Alessandra Serena Ilaria Beatrice ' +
        'Aurora Sofia Greta Noemi Camilla Anna Marta Veronica Cristina Eleonora Rossella Antonella ' +
        'Manuela Lucia',
    ),
    male: words(
      'Luca Marco Matteo Andrea Alessandro Francesco Lorenzo Davide Simone Federico Giuseppe ' +
        'Giovanni Stefano Roberto Paolo Massimo Fabio Riccardo Daniele Gabriele Antonio Michele ' +
        'Nicola Emanuele Tommaso Leonardo Pietro Filippo Salvatore Vincenzo Claudio Enrico Alberto ' +
        'Giacomo Mattia Edoardo Sergio Maurizio',
    ),
  },
  da: {
    female: words(
      'Sofie Ida Emma Freja Anna Laura Mathilde Cecilie Julie Line Mette Camilla Louise Maria ' +
        'Katrine Signe Maja Sara Anne Susanne Hanne Lone Pia Tina Birgitte Lene Karina Rikke Trine ' +
        'Marianne Josefine Nanna Astrid Clara Ditte Stine',
    ),
    male: words(
      'Mads Rasmus Mikkel Frederik Jonas Mathias Emil Magnus Lasse Kasper Anders Søren Jesper ' +
        'Henrik Morten Thomas Lars Jens Peter Niels Ole Bo Kim Jakob Christian Martin Nikolaj Oliver ' +
        'William Oscar Troels Esben Asger Villads Bjarke Tobias',
    ),
  },
  sv: {
    female: words(
      'Alice Maja Elsa Ebba Wilma Saga Julia Linnea Emma Sara Johanna Elin Frida Hanna Matilda Moa ' +
        'Klara Anna Karin Kristina Eva Ingrid Malin Jenny Sofia Lena Helena Åsa Annika Camilla ' +
        'Therese Linda Agnes Astrid Stina Tove',
    ),
    male: words(
      'Erik Lars Karl Anders Johan Per Nils Mikael Jan Hans Fredrik Magnus Oscar William Lucas ' +
        'Elias Hugo Alexander Viktor Gustav Axel Filip Jonas Henrik Mattias Andreas Daniel Simon Emil ' +
        'Björn Olle Pontus Linus Sebastian Martin Joakim',
    ),
  },
  nb: {
    female: words(
      'Nora Emma Ingrid Sara Thea Ida Maja Sofie Hanna Julie Ingeborg Marte Silje Kari Anne Hilde ' +
        'Ragnhild Tone Mari Kristin Linn Camilla Marit Randi Solveig Eli Synnøve Guro Vilde Tuva ' +
        'Frida Hege Siri Åse Liv Astrid',
    ),
    male: words(
      'Jakob Emil Noah Oliver Filip William Lucas Henrik Magnus Kristian Ole Lars Knut Per Bjørn ' +
        'Geir Terje Arne Tor Espen Eirik Håkon Sindre Sigurd Even Øyvind Vegard Trond Stian Anders ' +
        'Martin Jonas Aksel Torbjørn Halvor Ivar',
    ),
  },
  fi: {
    female: words(
      'Aino Emma Sofia Helmi Aada Ella Venla Linnea Sara Laura Anna Johanna Maria Katja Heidi Minna ' +
        'Satu Tiina Päivi Sari Riikka Hanna Elina Noora Jenni Anni Maija Suvi Pauliina Outi Kaisa ' +
        'Tuulia Milla Iida Eveliina Kirsi',
    ),
    male: words(
      'Juhani Mikko Jukka Matti Antti Timo Jari Pekka Sami Janne Ville Tuomas Lauri Eero Joni Teemu ' +
        'Markku Heikki Kari Petri Olli Aleksi Onni Elias Leo Eino Väinö Niko Jussi Toni Harri Risto ' +
        'Ilkka Oskari Veeti Aatu',
    ),
  },
  pl: {
    female: words(
      'Anna Katarzyna Małgorzata Agnieszka Joanna Magdalena Monika Ewa Karolina Aleksandra Natalia ' +
        'Paulina Marta Justyna Dominika Weronika Zuzanna Julia Maja Zofia Oliwia Wiktoria Barbara ' +
        'Beata Dorota Iwona Grażyna Renata Izabela Sylwia Patrycja Kinga Alicja Emilia Marzena Halina',
    ),
    male: words(
      'Piotr Krzysztof Andrzej Tomasz Paweł Michał Marcin Jakub Adam Łukasz Mateusz Kamil Bartosz ' +
        'Grzegorz Marek Wojciech Dariusz Rafał Mariusz Zbigniew Jan Szymon Filip Kacper Antoni Wiktor ' +
        'Dawid Sebastian Przemysław Artur Damian Robert Janusz Maciej Hubert Igor',
    ),
  },
};
